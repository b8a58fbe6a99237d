import { LEARNING_LANGUAGES } from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { readIrregular } from './irregular.ts';
import { readLexicon } from './lexicon.ts';

describe.each(LEARNING_LANGUAGES)('the %s lexicon', (language) => {
  const rows = readLexicon(language);
  const others = LEARNING_LANGUAGES.filter((l) => l !== language);

  it('ranks its lemmas 1, 2, 3… in file order: the 1,000 core lemmas, then the additions', () => {
    expect(rows.length).toBeGreaterThanOrEqual(1000);
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
  });

  it('has one entry per lemma and part of speech', () => {
    const keys = rows.map((r) => `${r.lemma.toLowerCase()} ${r.pos}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('translates every lemma and its example into both other languages', () => {
    for (const row of rows) {
      expect(row.definition, row.lemma).not.toBe('');
      for (const other of others) {
        expect(row.translations[other]?.translation, `${row.lemma} → ${other}`).toBeTruthy();
        expect(row.example.translations[other], `${row.lemma} example → ${other}`).toBeTruthy();
      }
    }
  });

  it('has an irregular-forms list whose lemmas are lexicon lemmas or real words', () => {
    const irregular = readIrregular(language);
    expect(irregular.size).toBeGreaterThan(language === 'en' ? 150 : 900);
    for (const [form, lemmas] of irregular) expect(form, lemmas.join()).toMatch(/^[\p{L}']+$/u);
  });
});
