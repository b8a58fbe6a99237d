import { describe, expect, it } from 'vitest';
import { loadHunspell, type Hunspell } from './morphology.ts';
import { decodeHunspell, detectEncoding, expandStem, parseAff, parseDic, parseFlags } from './hunspell.ts';

const forms = (aff: ReturnType<typeof parseAff>, line: string) =>
  [...parseDic(`1\n${line}\n`, aff)].flatMap((stem) => expandStem(aff, stem).map((e) => e.form)).sort();

describe('parseFlags', () => {
  it('splits flags in each FLAG format', () => {
    expect(parseFlags('ABc', 'char')).toEqual(['A', 'B', 'c']);
    expect(parseFlags('AaBbCc', 'long')).toEqual(['Aa', 'Bb', 'Cc']);
    expect(parseFlags('101,7,33', 'num')).toEqual(['101', '7', '33']);
    expect(parseFlags('ÀñS', 'UTF-8')).toEqual(['À', 'ñ', 'S']);
    expect(parseFlags('', 'UTF-8')).toEqual([]);
  });
});

describe('a tiny affix file', () => {
  // Conditions with sets and negated sets, stripping, a cross product, a twofold suffix through a
  // continuation class, a prefix without cross product, NEEDAFFIX and FORBIDDENWORD.
  const aff = parseAff(
    [
      'SET UTF-8',
      'FLAG UTF-8',
      'NEEDAFFIX N',
      'FORBIDDENWORD F',
      '# comment',
      'SFX S Y 4',
      'SFX S 0 s [^nsxy]',
      'SFX S y ies [^aeiou]y',
      'SFX S 0 s [aeiou]y',
      'SFX S 0 es [nsx]',
      'SFX D Y 2',
      'SFX D 0 d e',
      'SFX D 0 ed [^e]',
      'SFX Ç Y 1',
      'SFX Ç r ción/S ar',
      'PFX R Y 1',
      'PFX R 0 re .',
      'PFX U N 1',
      'PFX U 0 un .',
    ].join('\n'),
  );

  it('reads the header and the affix classes', () => {
    expect(aff.flagFormat).toBe('UTF-8');
    expect(aff.encoding).toBe('UTF-8');
    expect(aff.suffixes.get('S')?.rules).toHaveLength(4);
    expect(aff.prefixes.get('U')?.cross).toBe(false);
    expect(aff.suffixes.get('Ç')?.rules[0]?.continuation).toEqual(['S']);
  });

  it('applies conditions, strip and append', () => {
    expect(forms(aff, 'city/S')).toEqual(['cities', 'city']);
    expect(forms(aff, 'box/S')).toEqual(['box', 'boxes']);
    expect(forms(aff, 'day/S')).toEqual(['day', 'days']);
    expect(forms(aff, 'hope/D')).toEqual(['hope', 'hoped']);
  });

  it('combines prefixes and suffixes only across a cross product', () => {
    expect(forms(aff, 'play/SDR')).toEqual(['play', 'played', 'plays', 'replay', 'replayed', 'replays']);
    expect(forms(aff, 'do/SU')).toEqual(['do', 'dos', 'undo']);
  });

  it('follows continuation classes to a second suffix', () => {
    expect(forms(aff, 'comunicar/Ç')).toEqual(['comunicación', 'comunicaciónes', 'comunicar']);
  });

  it('honours NEEDAFFIX and FORBIDDENWORD', () => {
    expect(forms(aff, 'stem/NS')).toEqual(['stems']);
    expect(forms(aff, 'bad/FS')).toEqual([]);
  });

  it('reads long and numeric flags', () => {
    const long = parseAff('FLAG long\nSFX Aa Y 1\nSFX Aa 0 s .\n');
    expect(forms(long, 'cat/AaZz')).toEqual(['cat', 'cats']);
    const num = parseAff('FLAG num\nSFX 12 Y 1\nSFX 12 0 s .\n');
    expect(forms(num, 'cat/3,12')).toEqual(['cat', 'cats']);
  });

  it('skips multi-word lines and unescapes slashes in words', () => {
    expect(forms(aff, 'arroz de festa')).toEqual([]);
    expect(forms(aff, 'km\\/h')).toEqual(['km/h']);
  });

  it('decodes a file in the encoding its SET line names', () => {
    const bytes = new Uint8Array([...Buffer.from('SET ISO8859-1\nTRY '), 0xe9]);
    expect(detectEncoding(bytes)).toBe('ISO8859-1');
    expect(decodeHunspell(bytes, 'ISO8859-1').endsWith('é')).toBe(true);
  });
});

describe('the real dictionaries', () => {
  const expansions = async (language: 'en' | 'es' | 'pt', word: string) => {
    const hunspell: Hunspell = await loadHunspell(language);
    return hunspell.stems
      .filter((stem) => stem.word === word)
      .flatMap((stem) => expandStem(hunspell.aff, stem).map((e) => e.form));
  };

  it('expands English, Spanish and Portuguese stems into their inflections', async () => {
    expect(await expansions('en', 'house')).toEqual(expect.arrayContaining(['houses', 'housed', 'housing']));
    expect(await expansions('es', 'casa')).toContain('casas');
    expect(await expansions('es', 'hablar')).toEqual(
      expect.arrayContaining(['hablaba', 'hablamos', 'hablaron']),
    );
    expect(await expansions('es', 'tener')).toEqual(expect.arrayContaining(['tengo', 'tienes']));
    expect(await expansions('pt', 'comer')).toEqual(expect.arrayContaining(['comeram', 'comia', 'comendo']));
  }, 30_000);

  it('uses the features the three .aff files rely on', async () => {
    const [en, es, pt] = await Promise.all([loadHunspell('en'), loadHunspell('es'), loadHunspell('pt')]);
    expect([en.aff.flagFormat, es.aff.flagFormat, pt.aff.flagFormat]).toEqual(['char', 'UTF-8', 'UTF-8']);
    // es_ES chains derivations and plurals through continuation classes.
    expect([...es.aff.suffixes.values()].some((c) => c.rules.some((r) => r.continuation.length > 0))).toBe(
      true,
    );
    expect(pt.aff.skipFlags.size).toBeGreaterThan(0);
  }, 30_000);
});
