import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLibrary } from './library.ts';
import { README, libraryStats, statsMarkdown, withStats } from './stats.ts';

const library = readLibrary();

describe('the library in numbers', () => {
  it('are published in the README as they are today (npm run stats -w @lendo/content)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(withStats(readme, statsMarkdown(library))).toBe(readme);
  });

  it('keep every story mostly within the vocabulary of its level', () => {
    const { stories } = libraryStats(library);
    for (const s of stories) {
      expect(s.words, s.slug).toBeGreaterThan(0);
      expect(s.inVocabulary, s.slug).toBeGreaterThanOrEqual(0.7);
    }
  });
});
