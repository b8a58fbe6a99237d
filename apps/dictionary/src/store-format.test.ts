import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEARNING_LANGUAGES, type DictionaryEntry, type LearningLanguage } from '@lendo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapStore } from './build/map-store.ts';
import { wordMix } from './build/bench.ts';
import { LanguageStore, STORE_VERSION, TextCache, storePath, type StoreTables } from './store.ts';
import { StoreFormatError, decodeStore, encodeStore } from './store-format.ts';
import { STORE_TIMEOUT, TEST_STORE_DIR, testDictionary } from './test-store.ts';

const entry = (lemma: string, translation: string): DictionaryEntry => ({
  lemma,
  pos: 'noun',
  rank: null,
  definition: `a definition of ${lemma} — “quoted”`,
  translations: [{ language: 'en', translation, definition: '' }],
  sources: ['lexicon'],
});

/** Small tables with each case of the format: lists, an empty list, folded keys, clitics, a lemma without entries. */
const TABLES: StoreTables = {
  language: 'pt',
  lemmas: ['casa', 'casar', 'fazer', 'você', 'árvore', 'ir', 'ser', 'órfão sem entradas'],
  entries: [
    [0, JSON.stringify([entry('casa', 'house')])],
    [1, JSON.stringify([entry('casar', 'to marry')])],
    [2, JSON.stringify([entry('fazer', 'to do'), entry('fazer', 'to make')])],
    [3, JSON.stringify([entry('você', 'you')])],
    [4, JSON.stringify([entry('árvore', 'tree')])],
    [5, JSON.stringify([entry('ir', 'to go')])],
    [6, JSON.stringify([entry('ser', 'to be')])],
  ],
  forms: [
    ['casas', [0, 1]],
    ['casa', [0, 1]],
    ['casou', 1],
    ['fazer', 2],
    ['fez', [2]],
    ['você', 3],
    ['árvore', 4],
    ['árvores', 4],
    ['fui', [5, 6]],
    ['órfão', 7],
    ['nada', []],
  ],
  folded: [
    ['voce', ['você']],
    ['arvore', ['árvore']],
    ['orfao', ['órfão']],
  ],
  clitics: [['fazê', 2]],
  examples: [
    { sentence: 'A casa é grande.', translations: [{ language: 'en', translation: 'The house is big.' }] },
    { sentence: 'Eu fui.', translations: [] },
    { sentence: 'Você fez a árvore?', translations: [{ language: 'es', translation: '¿Hiciste el árbol?' }] },
  ],
  exampleIndex: [
    [3, [2]],
    [0, [0, 2]],
    [5, [1]],
    [2, [2]],
  ],
};

/** Tables in one order whatever their writing: rows sorted (keys bytewise), one-id lists as bare ids. */
function canonical(tables: StoreTables): StoreTables {
  const bytewise = <T>([a]: [string, T], [b]: [string, T]) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  const bare = ([key, ids]: [string, number | number[]]): [string, number | number[]] => [
    key,
    Array.isArray(ids) && ids.length === 1 ? ids[0]! : ids,
  ];
  return {
    ...tables,
    entries: [...tables.entries].sort(([a], [b]) => a - b),
    forms: tables.forms.map(bare).sort(bytewise),
    folded: [...tables.folded].sort(bytewise),
    clitics: tables.clitics.map(bare).sort(bytewise),
    exampleIndex: [...tables.exampleIndex].sort(([a], [b]) => a - b),
  };
}

/** Words that take each path of a lookup: exact, case, composition, clitic, accent folding, unknown. */
function probeWords(tables: StoreTables, every = 1): string[] {
  const words = new Set<string>(['', ' ', '-', 'xqzvy', 'x'.repeat(1500), 'ã'.repeat(500)]);
  tables.forms.forEach(([form], i) => {
    if (i % every !== 0) return;
    words
      .add(form)
      .add(form.toUpperCase())
      .add(` ${form.normalize('NFD')} `)
      .add(`${form}zq`);
  });
  tables.folded.forEach(([key, forms], i) => {
    if (i % every === 0) words.add(key).add(forms[0]!.normalize('NFD'));
  });
  tables.clitics.forEach(([host], i) => {
    if (i % every === 0) words.add(`${host}-lo`).add(`${host}-me`);
  });
  return [...words];
}

function expectSameAnswers(loaded: LanguageStore, reference: MapStore, words: string[]) {
  for (const [i, word] of words.entries()) {
    expect(loaded.lemmas(word), word).toEqual(reference.lemmas(word));
    expect(loaded.lookup(word), word).toEqual(reference.lookup(word));
    if (i % 5 === 0) {
      expect(loaded.examples(word, 20), word).toEqual(reference.examples(word, 20));
      expect(loaded.examples(word, 2), word).toEqual(reference.examples(word, 2));
    }
  }
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lendo-store-format-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const writeStore = (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

describe('the store file', () => {
  it('gives back the tables it was written from', () => {
    const decoded = decodeStore(encodeStore(TABLES, STORE_VERSION), STORE_VERSION);
    expect(canonical(decoded)).toEqual(canonical(TABLES));
  });

  it('answers every word as the tables in maps do', () => {
    const store = new LanguageStore(writeStore('pt.dict', encodeStore(TABLES, STORE_VERSION)), 'pt');
    try {
      expectSameAnswers(store, new MapStore(TABLES), probeWords(TABLES));
      expect(store.lemmas('Casas').lemmas).toEqual(['casa', 'casar']);
      expect(store.lemmas('fazê-lo').lemmas).toEqual(['fazer']);
      expect(store.lemmas('arvore').lemmas).toEqual(['árvore']);
      expect(store.lemmas('nada').lemmas).toEqual([]);
      expect(store.lookup('órfão')).toEqual({
        word: 'órfão',
        language: 'pt',
        lemmas: ['órfão sem entradas'],
        entries: [],
      });
      expect(store.examples('casa', 5).examples.map((e) => e.sentence)).toEqual([
        'A casa é grande.',
        'Você fez a árvore?',
      ]);
    } finally {
      store.close();
    }
  });

  it('hands each caller its own copy of a record', () => {
    const store = new LanguageStore(writeStore('pt.dict', encodeStore(TABLES, STORE_VERSION)), 'pt');
    try {
      store.lookup('casa').entries[0]!.translations.length = 0;
      store.examples('casa', 1).examples[0]!.translations.length = 0;
      expect(store.lookup('casa').entries[0]!.translations).toHaveLength(1);
      expect(store.examples('casa', 1).examples[0]!.translations).toHaveLength(1);
    } finally {
      store.close();
    }
  });

  it('refuses files it cannot read, as a StoreFormatError', () => {
    const bytes = encodeStore(TABLES, STORE_VERSION);
    const open =
      (name: string, content: Buffer | string, language: LearningLanguage = 'pt') =>
      () =>
        new LanguageStore(writeStore(name, Buffer.from(content)), language);
    expect(open('empty.dict', '')).toThrow(StoreFormatError);
    expect(open('v1.dict', JSON.stringify({ version: 1, language: 'pt', lemmas: [] }))).toThrow(
      StoreFormatError,
    );
    expect(open('older.dict', encodeStore(TABLES, STORE_VERSION - 1))).toThrow(/version/);
    expect(open('language.dict', bytes, 'es')).toThrow(/language/);
    expect(open('short.dict', bytes.subarray(0, bytes.length - 3))).toThrow(StoreFormatError);
    expect(open('index.dict', bytes.subarray(0, 200))).toThrow(StoreFormatError);
  });
});

describe('the record cache', () => {
  it('keeps the most recently used texts within its size', () => {
    const cache = new TextCache(10);
    cache.set(1, 'aaaa');
    cache.set(2, 'bbbb');
    expect(cache.get(1)).toBe('aaaa'); // 1 is now the most recent
    cache.set(3, 'cccc');
    expect(cache.get(2)).toBeUndefined();
    expect([cache.get(1), cache.get(3)]).toEqual(['aaaa', 'cccc']);
    cache.set(4, 'x'.repeat(11)); // larger than the whole cache: not kept
    expect(cache.get(4)).toBeUndefined();
    expect(cache.chars).toBe(8);
  });
});

// Decoding a whole language into Maps takes a second, more while other workers build the store.
describe('the test store', { timeout: 60_000 }, () => {
  beforeAll(testDictionary, STORE_TIMEOUT);

  it.each(LEARNING_LANGUAGES)('%s: is written again byte for byte from its decoded tables', (language) => {
    const bytes = readFileSync(storePath(TEST_STORE_DIR, language));
    expect(encodeStore(decodeStore(bytes, STORE_VERSION), STORE_VERSION).equals(bytes)).toBe(true);
  });

  it.each(LEARNING_LANGUAGES)(
    '%s: answers a sample of words as its tables in maps do, with a bounded cache',
    (language) => {
      const tables = decodeStore(readFileSync(storePath(TEST_STORE_DIR, language)), STORE_VERSION);
      const store = new LanguageStore(storePath(TEST_STORE_DIR, language), language, { cacheChars: 50_000 });
      try {
        const mix = wordMix()
          .filter((w) => w.language === language)
          .filter((_, i) => i % 10 === 0)
          .map((w) => w.word);
        expectSameAnswers(store, new MapStore(tables), [...probeWords(tables, 97), ...mix]);
        expect(store.cachedChars).toBeGreaterThan(0);
        expect(store.cachedChars).toBeLessThanOrEqual(50_000);
      } finally {
        store.close();
      }
    },
  );
});
