import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Deck, Flashcard, TokenPair } from '@lendo/shared';
import { newUser } from './helper.ts';
import { PNG } from './images.ts';
import { http, serverData, startServer, stopServer } from './server-process.ts';

const cli = join(import.meta.dirname, '../src/backup-cli.ts');

/** `npm run backup|restore` as an operator runs it: its exit code and what it printed. */
function run(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run backup and npm run restore', () => {
  it('back up while Lendo serves and restore what the learners had, refusing a running server or a cut-off file', async () => {
    const { dir, env, database } = await serverData();
    const settings = { ...env, DATA_DIR: dir, LOG_LEVEL: 'warn' };
    const first = await startServer(dir, env);
    const user = newUser();
    const signup = await http(first.base)('POST', '/auth/signup/', user);
    expect(signup.status).toBe(201);
    const api = http(first.base, (signup.body as TokenPair).access);
    await api('POST', '/auth/onboarding/', { language: 'en', proficiency: 'beginner', motivation: 'travel' });
    const [deck] = (await api('GET', '/deck/decks/?language=en')).body as Deck[];
    const card = (await api('POST', `/deck/decks/${deck!.id}/flashcards/`, { front: 'house', back: 'casa' }))
      .body as Flashcard;
    expect(
      (await api('POST', '/deck/reviews/', { flashcard: card.id, method: 'guess', result: 'got_it' })).status,
    ).toBe(200);
    const avatar = await api('POST', '/auth/update-avatar/', {
      avatar: `data:image/png;base64,${PNG.toString('base64')}`,
      extension: 'png',
    });
    const avatarUrl = (avatar.body as { avatar_url: string }).avatar_url;

    const file = join(dir, 'kept', 'lendo.ndjson.gz');
    const backedUp = await run(settings, 'backup', file);
    expect(backedUp.output).toMatch(/^backed up \d+ rows of \d+ tables and 1 files to /);
    expect(backedUp.code).toBe(0);

    // What happens after the backup: the card deleted, another learner signed up.
    expect((await api('DELETE', `/deck/flashcards/${card.id}/`)).status).toBe(204);
    const later = newUser();
    expect((await http(first.base)('POST', '/auth/signup/', later)).status).toBe(201);

    const whileServing = await run(settings, 'restore', file);
    expect(whileServing.code).toBe(1);
    expect(whileServing.output).toContain('Lendo is running on this database: stop it, then restore');
    await stopServer(first);

    const cut = join(dir, 'cut.ndjson.gz');
    const bytes = readFileSync(file);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const refused = await run(settings, 'restore', cut);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/cannot be read as a Lendo backup|is incomplete/);

    const other = join(dir, 'other.ndjson.gz');
    writeFileSync(other, gzipSync('{"hello":"world"}\n'));
    const foreign = await run(settings, 'restore', other);
    expect(foreign.code).toBe(1);
    expect(foreign.output).toContain('is not a Lendo backup');

    const restored = await run(settings, 'restore', file);
    expect(restored.output).toMatch(/^restored \d+ rows of \d+ tables and 1 files from /);
    expect(restored.code).toBe(0);

    const second = await startServer(dir, env);
    try {
      const signin = await http(second.base)('POST', '/auth/signin/', {
        email: user.email,
        password: user.password,
      });
      expect(signin.status).toBe(200);
      const back = http(second.base, (signin.body as TokenPair).access);
      const kept = await back('GET', `/deck/flashcards/${card.id}/`);
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({
        front: 'house',
        back: 'casa',
        status: card.status === 'new' ? expect.any(String) : card.status,
      });
      expect((kept.body as Flashcard).last_review).not.toBeNull();
      const image = await fetch(`${second.base.replace(/\/api$/, '')}${avatarUrl}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
      // The learner who signed up after the backup is not in it.
      expect(
        (await http(second.base)('POST', '/auth/signin/', { email: later.email, password: later.password }))
          .status,
      ).toBe(401);
      // New rows continue after the restored ones.
      expect((await http(second.base)('POST', '/auth/signup/', newUser())).status).toBe(201);
      process.stdout.write(`backup (${database}): ${backedUp.output.trim()}; ${restored.output.trim()}\n`);
    } finally {
      await stopServer(second);
    }
  }, 240_000);
});
