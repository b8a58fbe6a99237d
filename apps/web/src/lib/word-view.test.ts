import type { DictionaryEntry } from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { groupTranslations, lemmasOtherThan, markForms, normalizeLookup, pickTranslation } from './word-view';

const entry = (lemma: string): DictionaryEntry => ({
  lemma,
  pos: 'verb',
  rank: 1,
  definition: '',
  translations: [],
  sources: ['lexicon'],
});

describe('word view helpers', () => {
  it('normalizes what was typed', () => {
    expect(normalizeLookup('  Went ')).toBe('went');
    expect(normalizeLookup('ice   cream')).toBe('ice cream');
    expect(normalizeLookup('Ca\u0301sa')).toBe('cása');
  });

  it("groups translations by language, the learner's translation language first", () => {
    const translations = [
      { language: 'es', translation: 'ir', definition: 'moverse' },
      { language: 'pt', translation: 'ir', definition: 'deslocar-se' },
      { language: 'es', translation: 'irse', definition: '' },
    ] as const;
    expect(groupTranslations(translations, 'pt-br')).toEqual([
      { language: 'pt', translations: [translations[1]] },
      { language: 'es', translations: [translations[0], translations[2]] },
    ]);
    expect(groupTranslations(translations, 'es').map((group) => group.language)).toEqual(['es', 'pt']);
    expect(groupTranslations(translations, 'en').map((group) => group.language)).toEqual(['es', 'pt']);
  });

  it('names the lemmas a form belongs to, once each', () => {
    expect(lemmasOtherThan('went', [entry('go'), entry('go')])).toEqual(['go']);
    expect(lemmasOtherThan('Saw', [entry('see'), entry('saw')])).toEqual(['see']);
    expect(lemmasOtherThan('house', [entry('house')])).toEqual([]);
  });

  it('picks the translation in the preferred language, else the first', () => {
    const translations = [
      { language: 'en', translation: 'I went' },
      { language: 'pt-br', translation: 'Eu fui' },
    ];
    expect(pickTranslation(translations, 'pt-br')?.translation).toBe('Eu fui');
    expect(pickTranslation(translations, 'es')?.translation).toBe('I went');
    expect(pickTranslation([], 'es')).toBeUndefined();
  });

  it('marks the forms of the word in a sentence', () => {
    expect(markForms('Went home? She went, and goes.', ['went', 'go', 'goes'])).toEqual([
      { text: 'Went', marked: true },
      { text: ' home? She ', marked: false },
      { text: 'went', marked: true },
      { text: ', and ', marked: false },
      { text: 'goes', marked: true },
      { text: '.', marked: false },
    ]);
    expect(markForms('Ele está em casa.', ['casa'])).toEqual([
      { text: 'Ele está em ', marked: false },
      { text: 'casa', marked: true },
      { text: '.', marked: false },
    ]);
  });
});
