import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDictionary, type Dictionary } from '@lendo/dictionary';
import { LEARNING_LANGUAGES, type LearningLanguage } from '@lendo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { lowerWord, sentenceTokens } from './glossary.ts';
import { readLibrary } from './library.ts';

/** The dictionary's shared test store (apps/dictionary/src/test-store.ts), rebuilt when its sources change. */
const STORE_DIR = join(tmpdir(), 'lendo-dictionary-test-store');
const STORE_TIMEOUT = 300_000;

interface Coverage {
  /** Distinct word forms of the language's stories. */
  forms: number;
  /** Forms the dictionary does not answer with a translation into each other language ("form → es"). */
  untranslated: string[];
  /** Forms whose first entry has no real part of speech. */
  unclassified: string[];
  /** Sentence lemmas the dictionary does not list among the form's lemmas ("slug: surface → lemma"). */
  badLemmas: string[];
}

/**
 * The dictionary must answer every word of the story library: a reader taps any word of a story
 * and expects its popup to say what it is and what it means in their language.
 */
function measure(dictionary: Dictionary, language: LearningLanguage): Coverage {
  const others = LEARNING_LANGUAGES.filter((l) => l !== language);
  const forms = new Map<string, string>();
  const badLemmas = new Set<string>();
  for (const { story } of readLibrary()) {
    if (story.language !== language) continue;
    for (const sentence of story.chapters.flatMap((chapter) => chapter.pages.flat())) {
      for (const token of sentenceTokens(sentence)) forms.set(lowerWord(token.text), token.lemma);
      for (const [surface, lemma] of Object.entries(sentence.lemmas)) {
        const { lemmas } = dictionary.lookup(language, lowerWord(surface));
        if (!lemmas.some((l) => lowerWord(l) === lowerWord(lemma))) {
          badLemmas.add(`${story.slug}: ${surface} → ${lemma}`);
        }
      }
    }
  }
  const untranslated: string[] = [];
  const unclassified: string[] = [];
  for (const form of forms.keys()) {
    const { entries } = dictionary.lookup(language, form);
    for (const to of others) {
      if (!entries.some((entry) => entry.translations.some((t) => t.language === to && t.translation))) {
        untranslated.push(`${form} → ${to}`);
      }
    }
    if (entries[0]?.pos === 'other') unclassified.push(form);
  }
  return { forms: forms.size, untranslated, unclassified, badLemmas: [...badLemmas] };
}

describe.each(LEARNING_LANGUAGES)('the dictionary on the %s stories', (language) => {
  let coverage: Coverage;
  beforeAll(async () => {
    coverage = measure(await loadDictionary(STORE_DIR), language);
  }, STORE_TIMEOUT);

  it('translates every word form into both other languages', () => {
    expect(coverage.forms).toBeGreaterThan(1000);
    expect(coverage.untranslated, `${coverage.untranslated.length} of ${coverage.forms} forms`).toEqual([]);
  });

  it('gives every word form a real part of speech', () => {
    expect(coverage.unclassified).toEqual([]);
  });

  it('knows the lemma every sentence gives a word', () => {
    expect(coverage.badLemmas).toEqual([]);
  });
});
