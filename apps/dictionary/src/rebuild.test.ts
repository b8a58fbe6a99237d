import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEARNING_LANGUAGES } from '@lendo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as buildModule from './build/build-store.ts';
import { buildStore } from './build/build-store.ts';
import { sourceFingerprint } from './build/fingerprint.ts';
import { loadDictionary } from './dictionary.ts';
import { metaPath, readStoreMeta, storePath } from './store.ts';
import { STORE_TIMEOUT, TEST_STORE_DIR, testDictionary } from './test-store.ts';

// A rebuild takes seconds of CPU: here it copies the shared test store instead, so that these tests
// check when loading rebuilds, not the build itself (the other tests load a really built store).
vi.mock('./build/build-store.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof buildModule>();
  return { ...actual, buildStore: vi.fn(actual.buildStore) };
});

const copyTestStore = async (dir: string) => {
  for (const language of LEARNING_LANGUAGES)
    copyFileSync(storePath(TEST_STORE_DIR, language), storePath(dir, language));
  copyFileSync(metaPath(TEST_STORE_DIR), metaPath(dir));
  return readStoreMeta(dir)!;
};

let root: string;
let dir: string;
beforeAll(async () => {
  await testDictionary(); // built for real when its sources changed
  root = mkdtempSync(join(tmpdir(), 'lendo-dictionary-rebuild-'));
}, STORE_TIMEOUT);
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => {
  vi.mocked(buildStore).mockReset().mockImplementation(copyTestStore);
  dir = mkdtempSync(join(root, 'store-'));
});

const answers = async () => (await loadDictionary(dir)).lemmas('en', 'went').lemmas;

// Each test hashes the store's sources (sourceFingerprint), slow while other workers build.
describe('loading a store that is not current', { timeout: 60_000 }, () => {
  it('rebuilds a store of the old format (JSON files, version 1)', async () => {
    for (const language of LEARNING_LANGUAGES)
      writeFileSync(join(dir, `${language}.json`), JSON.stringify({ version: 1, language, lemmas: [] }));
    writeFileSync(metaPath(dir), JSON.stringify({ version: 1, fingerprint: sourceFingerprint() }));
    expect(await answers()).toEqual(['go']);
    expect(buildStore).toHaveBeenCalledOnce();
    expect(readStoreMeta(dir)?.version).toBe(2);
  });

  it('builds a missing store', async () => {
    expect(await answers()).toEqual(['go']);
    expect(buildStore).toHaveBeenCalledOnce();
  });

  it('rebuilds when meta.json is current but a file is missing or unreadable', async () => {
    await copyTestStore(dir);
    rmSync(storePath(dir, 'es'));
    writeFileSync(storePath(dir, 'pt'), 'not a store');
    expect(await answers()).toEqual(['go']);
    expect(buildStore).toHaveBeenCalledOnce();
  });

  it('does not rebuild a current store', async () => {
    await copyTestStore(dir);
    expect(await answers()).toEqual(['go']);
    expect(buildStore).not.toHaveBeenCalled();
  });

  it('fails, rather than rebuild again and again, when the rebuilt store cannot be read', async () => {
    vi.mocked(buildStore).mockImplementation(async (target) => {
      const meta = await copyTestStore(target);
      writeFileSync(storePath(target, 'en'), 'still not a store');
      return meta;
    });
    await copyTestStore(dir);
    rmSync(storePath(dir, 'en'));
    await expect(loadDictionary(dir)).rejects.toThrow(/not a dictionary store/);
    expect(buildStore).toHaveBeenCalledOnce();
    expect(existsSync(storePath(dir, 'en'))).toBe(true);
    expect(readdirSync(dir)).toContain('meta.json');
  });
});
