import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Deck, Flashcard, TokenPair } from '@lendo/shared';
import { newUser } from './helper.ts';
import { exited, http, serverData, startServer, stopServer } from './server-process.ts';

/** A distinct lowercase word per number: 0 → "ba", 1 → "bb", … */
const lemmaOf = (n: number) =>
  `b${n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`;

describe('a crash mid-write', () => {
  it('keeps every acknowledged flashcard, review and word status when the API is killed with SIGKILL, and comes back', async () => {
    const { dir, env, database } = await serverData();
    const first = await startServer(dir, env);
    // Three learners (a free plan makes 100 cards a month), four writers each.
    const learners = await Promise.all(
      [1, 2, 3].map(async () => {
        const signup = await http(first.base)('POST', '/auth/signup/', newUser());
        expect(signup.status).toBe(201);
        const { access } = signup.body as TokenPair;
        const api = http(first.base, access);
        const onboarding = { language: 'en', proficiency: 'beginner', motivation: 'travel' };
        expect((await api('POST', '/auth/onboarding/', onboarding)).status).toBe(200);
        const [deck] = (await api('GET', '/deck/decks/?language=en')).body as Deck[];
        return {
          access,
          api,
          deck: deck!,
          cards: [] as string[],
          reviewed: [] as string[],
          known: [] as string[],
        };
      }),
    );
    type Learner = (typeof learners)[number];

    // Writers in parallel, each remembering what the server acknowledged, until the kill: a card
    // made, then answered, then a word marked known.
    let next = 0;
    let killed = false;
    const writer = async ({ api, deck, cards, reviewed, known }: Learner) => {
      const attempt = async (method: string, path: string, body: unknown) => {
        const res = await api(method, path, body).catch(() => null);
        if (res && res.status < 300) return res.body;
        if (!killed) throw new Error(`${method} ${path} failed before the kill: ${res?.status}`);
        return null;
      };
      while (!killed) {
        const n = next++;
        const card = (await attempt('POST', `/deck/decks/${deck.id}/flashcards/`, {
          front: `word ${lemmaOf(n)}`,
          back: `palavra ${n}`,
          allow_duplicate: true,
        })) as Flashcard | null;
        if (!card) return;
        cards.push(card.id);
        if (
          !(await attempt('POST', '/deck/reviews/', {
            flashcard: card.id,
            method: 'guess',
            result: 'got_it',
          }))
        )
          return;
        reviewed.push(card.id);
        const lemma = lemmaOf(n);
        if (!(await attempt('PUT', '/words/statuses/', { language: 'en', lemma, status: 'known' }))) return;
        known.push(lemma);
      }
    };
    const writers = learners.flatMap((learner) => Array.from({ length: 4 }, () => writer(learner)));
    const count = (of: (l: Learner) => string[]) => learners.reduce((sum, l) => sum + of(l).length, 0);
    while (count((l) => l.known) < 150) await new Promise((r) => setTimeout(r, 10));
    // Writes still in flight when the process dies may fail: only the acknowledged ones count.
    killed = true;
    const gone = exited(first.child);
    first.child.kill('SIGKILL');
    await gone;
    await Promise.all(writers);

    if (!env.DATABASE_URL) {
      // The embedded server outlived the API: the next start must find it and take over.
      const postmaster = Number(readFileSync(join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(() => process.kill(postmaster, 0)).not.toThrow();
    }

    const second = await startServer(dir, env);
    try {
      const lost: string[] = [];
      for (const { access, cards, reviewed, known } of learners) {
        const after = http(second.base, access);
        for (const id of cards) {
          const res = await after('GET', `/deck/flashcards/${id}/`);
          if (res.status !== 200) lost.push(`flashcard ${id}: ${res.status}`);
          else if (reviewed.includes(id) && (res.body as Flashcard).last_review === null) {
            lost.push(`review of ${id}`);
          }
        }
        const { statuses } = (await after('GET', '/words/statuses/?language=en')).body as {
          statuses: Record<string, string>;
        };
        for (const lemma of known) if (statuses[lemma] !== 'known') lost.push(`word status ${lemma}`);
      }
      const [cards, reviews, known] = [
        count((l) => l.cards),
        count((l) => l.reviewed),
        count((l) => l.known),
      ];
      process.stdout.write(
        `crash (${database}): SIGKILL mid-write; acknowledged ${cards} flashcards, ${reviews} reviews, ` +
          `${known} word statuses (${cards + reviews + known} writes); lost ${lost.length}\n`,
      );
      expect(known).toBeGreaterThanOrEqual(150);
      expect(lost).toEqual([]);
    } finally {
      await stopServer(second);
    }
    // A clean shutdown stops the embedded server too.
    if (!env.DATABASE_URL) expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);
});
