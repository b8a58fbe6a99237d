import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORE_TIMEOUT, TEST_STORE_DIR } from '../test-store.ts';
import { languageOfFile, measureAccuracy, readPairs } from './lemma-accuracy.ts';

describe('lemma accuracy', () => {
  it('finds the language in a list file name', () => {
    expect(languageOfFile('es.tsv')).toBe('es');
    expect(languageOfFile('eval-pt.tsv')).toBe('pt');
    expect(languageOfFile('en_forms.tsv')).toBe('en');
    expect(languageOfFile('notes.tsv')).toBeUndefined();
  });

  it('reads form<TAB>lemma lines, skipping comments and blanks', () => {
    expect(readPairs('# held out\nwent\tgo\n\nhouses\thouse\r\nbroken line\n')).toEqual([
      { form: 'went', lemma: 'go' },
      { form: 'houses', lemma: 'house' },
    ]);
  });

  it(
    'counts top-1 and top-any hits per language',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lemma-eval-'));
      writeFileSync(join(dir, 'es.tsv'), 'fui\tir\nhablaba\thablar\ncasas\tcasa\nxqzvy\txqz\n');
      writeFileSync(join(dir, 'en.tsv'), 'went\tgo\n');
      const rows = await measureAccuracy(dir, TEST_STORE_DIR);
      const es = rows.find((r) => r.language === 'es')!;
      // "fui" is ser first, ir second: top-any only.
      expect(es).toMatchObject({ forms: 4, top1: 2, topAny: 3 });
      expect(es.misses).toEqual([{ form: 'xqzvy', expected: 'xqz', got: [] }]);
      expect(rows.find((r) => r.language === 'en')).toMatchObject({ forms: 1, top1: 1, topAny: 1 });
    },
    STORE_TIMEOUT,
  );
});
