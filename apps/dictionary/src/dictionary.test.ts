import { beforeAll, describe, expect, it } from 'vitest';
import type { Dictionary } from './dictionary.ts';
import { STORE_TIMEOUT, expectPresent, runsOn, testDictionary } from './test-store.ts';

const POR_ENG = '/usr/share/dictd/freedict-por-eng.index';

let dictionary: Dictionary;
beforeAll(async () => {
  dictionary = await testDictionary();
}, STORE_TIMEOUT);

const lemmas = (language: 'en' | 'es' | 'pt', word: string) => dictionary.lemmas(language, word).lemmas;

describe('lemmatization', () => {
  it.each([
    ['en', 'went', 'go'],
    ['en', 'houses', 'house'],
    ['en', 'children', 'child'],
    ['en', 'hoped', 'hope'],
    ['en', 'studies', 'study'],
    ['es', 'casas', 'casa'],
    ['es', 'hablaba', 'hablar'],
    ['es', 'tengo', 'tener'],
    ['es', 'comunicaciones', 'comunicación'],
    ['pt', 'comeram', 'comer'],
    ['pt', 'casas', 'casa'],
    ['pt', 'procuramos', 'procurar'],
    ['pt', 'vezes', 'vez'],
  ] as const)('%s %s → %s first', (language, form, lemma) => {
    expect(lemmas(language, form)[0]).toBe(lemma);
  });

  it('keeps every lemma of an ambiguous form, by frequency rank', () => {
    expect(lemmas('es', 'fui')).toEqual(expect.arrayContaining(['ir', 'ser']));
    expect(lemmas('pt', 'fui')).toEqual(expect.arrayContaining(['ir', 'ser']));
    expect(lemmas('es', 'casas')).toEqual(['casa', 'casar']);
  });

  it('does not read a word as the plural of a letter', () => {
    expect(lemmas('en', 'is')).toEqual(['be']);
    expect(lemmas('en', 'us')).not.toContain('u');
  });

  it('does not take a Hunspell stem that is an irregular form for a lemma', () => {
    expect(lemmas('es', 'fue')).not.toContain('fue');
  });

  it('gives the word itself when it is a lemma', () => {
    expect(lemmas('en', 'house')[0]).toBe('house');
    expect(lemmas('pt', 'casa')).toContain('casa');
  });

  it('ignores case but keeps accents significant, folding them only for unknown forms', () => {
    expect(lemmas('es', 'HABLABA')).toEqual(['hablar']);
    expect(lemmas('pt', 'está')).toEqual(['estar']);
    expect(lemmas('pt', 'esta')).toContain('este');
    expect(lemmas('pt', 'esta')).not.toContain('estar');
    expect(lemmas('pt', 'voce')).toEqual(['você']);
    expect(lemmas('es', 'arbol')).toEqual(['árbol']);
  });

  it('resolves Portuguese words with hyphenated clitic pronouns', () => {
    expect(lemmas('pt', 'fazê-lo')).toEqual(['fazer']);
    expect(lemmas('pt', 'deu-me')).toEqual(['dar']);
  });

  it('maps contractions to their preposition', () => {
    expect(lemmas('pt', 'do')[0]).toBe('de');
    expect(lemmas('es', 'del')).toEqual(['de']);
  });

  it('knows nothing of unknown words', () => {
    expect(lemmas('en', 'xqzvy')).toEqual([]);
    expect(dictionary.lookup('en', 'xqzvy')).toEqual({
      word: 'xqzvy',
      language: 'en',
      lemmas: [],
      entries: [],
    });
  });
});

describe('word records', () => {
  it('gives the lexicon entry first, with translations into the two other languages', () => {
    const record = dictionary.lookup('en', 'houses');
    expect(record.lemmas[0]).toBe('house');
    const [entry] = record.entries;
    expect(entry).toMatchObject({
      lemma: 'house',
      pos: 'noun',
      sources: expect.arrayContaining(['lexicon']),
    });
    expect(entry!.rank).toBeGreaterThan(0);
    expect(entry!.translations.map((t) => t.language)).toEqual(expect.arrayContaining(['es', 'pt']));
    expect(entry!.translations.find((t) => t.language === 'pt')?.translation).toMatch(/casa/);
  });

  it('translates Spanish and Portuguese into each other from the lexicon only', () => {
    const [entry] = dictionary.lookup('es', 'perro').entries;
    expect(entry!.translations.find((t) => t.language === 'pt')?.translation).toMatch(/cachorro|cão/);
    for (const t of entry!.translations) expect(t.definition).not.toBe('');
  });

  it.runIf(runsOn(POR_ENG))('has FreeDict entries beyond the lexicon', () => {
    expectPresent(POR_ENG);
    const pineapple = dictionary.lookup('pt', 'abacaxi').entries[0];
    expect(pineapple?.sources).toContain('freedict');
    expect(pineapple?.translations[0]).toMatchObject({ language: 'en', translation: 'pineapple' });
  });

  it('has a WordNet definition for English words no other source has', () => {
    const serendipity = dictionary.lookup('en', 'serendipity').entries[0];
    expect(serendipity).toMatchObject({ pos: 'noun', sources: ['wordnet'], rank: null });
    expect(serendipity?.definition).toMatch(/discover/);
  });

  it('hands each caller its own copy', () => {
    const first = dictionary.lookup('en', 'house');
    first.entries[0]!.translations.length = 0;
    expect(dictionary.lookup('en', 'house').entries[0]!.translations.length).toBeGreaterThan(0);
  });
});

describe('examples', () => {
  it('finds sentences using any form of the lemma, the lexicon example first', () => {
    const { examples } = dictionary.examples('pt', 'casas', 3);
    expect(examples).toHaveLength(3);
    expect(examples[0]!.sentence).toMatch(/casa/i);
    expect(examples[0]!.translations.map((t) => t.language).sort()).toEqual(['en', 'es']);
  });

  it('uses the lexicon of the other languages as parallel sentences', () => {
    const { examples } = dictionary.examples('en', 'go', 20);
    expect(examples.length).toBe(20);
    expect(new Set(examples.map((e) => e.sentence)).size).toBe(20);
  });

  it('has none for unknown words', () => {
    expect(dictionary.examples('es', 'xqzvy', 5).examples).toEqual([]);
  });
});
