import { describe, expect, it } from 'vitest';
import { expectPresent, runsOn } from '../test-store.ts';
import { FREEDICT_PAIRS, freedictFiles, importFreedict, parseFreedictEntry } from './freedict.ts';

describe('parseFreedictEntry', () => {
  it('reads headword, pronunciation, part of speech and numbered senses', () => {
    expect(
      parseFreedictEntry('accurate /ækjərət/ <adj>\n1. exato, pontual\n2. certo, exacto, preciso\n'),
    ).toEqual([
      {
        headword: 'accurate',
        pronunciation: 'ækjərət',
        pos: 'adjective',
        senses: [
          ['exato', 'pontual'],
          ['certo', 'exacto', 'preciso'],
        ],
      },
    ]);
  });

  it('reads a single unnumbered sense and entries without tags', () => {
    expect(parseFreedictEntry('casa /kˈazɐ/\nhouse\n')).toEqual([
      { headword: 'casa', pronunciation: 'kˈazɐ', pos: 'other', senses: [['house']] },
    ]);
  });

  it('gives one entry per alternative spelling and keeps the first tag', () => {
    const entries = parseFreedictEntry(
      'aesthetically, esthetically /iːsθˈɛtɪkli/ /ɛsθˈɛtɪkli/ <adv>\nesteticamente\n',
    );
    expect(entries.map((e) => [e.headword, e.pos, e.pronunciation])).toEqual([
      ['aesthetically', 'adverb', 'iːsθˈɛtɪkli'],
      ['esthetically', 'adverb', 'iːsθˈɛtɪkli'],
    ]);
    expect(parseFreedictEntry('caricature /kˈaɹɪkətʃˌʊə/ <s> <vt>\n1. caricatura\n')[0]!.pos).toBe('noun');
  });
});

/** A word each database must translate, as the Debian files have it. */
const EXPECTED: Record<string, readonly [string, string]> = {
  'en-pt': ['house', 'casa'],
  'pt-en': ['casa', 'house'],
  'en-es': ['house', 'casa'],
  'es-en': ['casa', 'house'],
};

describe.each(FREEDICT_PAIRS)('importFreedict on Debian %s → %s', (from, to) => {
  const files = freedictFiles(from, to);
  const paths = files ? [files.index, files.dict] : [`/usr/share/dictd/freedict-${from}-${to}.index`];

  it.runIf(runsOn(...paths))('imports the real database, cleaned', () => {
    expectPresent(...paths);
    const entries = importFreedict(files!.index, files!.dict);
    expect(entries.length).toBeGreaterThan(4000);
    const [word, translation] = EXPECTED[`${from}-${to}`]!;
    expect(entries.find((e) => e.headword === word)?.senses.flat()).toContain(translation);
    // No metadata, no combining forms, no repeated headwords.
    expect(entries.filter((e) => /^00|^-|-$/.test(e.headword))).toEqual([]);
    expect(new Set(entries.map((e) => e.headword)).size).toBe(entries.length);
  });
});

describe('importFreedict cleaning on eng-spa', () => {
  const files = freedictFiles('en', 'es');
  it.runIf(runsOn('/usr/share/dictd/freedict-eng-spa.index'))(
    'drops phrases that lost their other words ("be wrong" indexed as "be")',
    () => {
      expectPresent('/usr/share/dictd/freedict-eng-spa.index');
      const entries = importFreedict(files!.index, files!.dict);
      const pay = entries.find((e) => e.headword === 'pay');
      expect(pay?.senses.flat()).toContain('pagar');
      expect(pay?.senses.flat()).not.toContain('costear');
    },
  );
});
