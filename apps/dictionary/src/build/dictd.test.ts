import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectPresent, runsOn } from '../test-store.ts';
import { decodeDictdNumber, readDictd } from './dictd.ts';

describe('decodeDictdNumber', () => {
  it('reads dictd base-64 numbers, most significant digit first', () => {
    expect(decodeDictdNumber('A')).toBe(0);
    expect(decodeDictdNumber('B')).toBe(1);
    expect(decodeDictdNumber('/')).toBe(63);
    expect(decodeDictdNumber('BA')).toBe(64);
    expect(decodeDictdNumber('C5b8')).toBe(((2 * 64 + 57) * 64 + 27) * 64 + 60);
  });

  it('rejects characters outside the alphabet', () => {
    expect(() => decodeDictdNumber('A=')).toThrow(/dictd number/);
  });
});

describe('readDictd on a database we write', () => {
  it('reads entries by offset from plain and gzipped files and skips the 00-database entries', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dictd-'));
    const texts = ['00-database-short\nTest\n', 'casa\nhouse\n', 'perro\ndog\n'];
    let offset = 0;
    const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const encode = (n: number): string => (n < 64 ? digits[n]! : encode(Math.floor(n / 64)) + digits[n % 64]);
    const index = ['00databaseshort', 'casa', 'perro'].map((headword, i) => {
      const length = Buffer.byteLength(texts[i]!);
      const line = `${headword}\t${encode(offset)}\t${encode(length)}`;
      offset += length;
      return line;
    });
    writeFileSync(join(dir, 'test.index'), `${index.join('\n')}\n`);
    writeFileSync(join(dir, 'test.dict'), texts.join(''));
    writeFileSync(join(dir, 'test.dict.dz'), gzipSync(texts.join('')));
    for (const dict of ['test.dict', 'test.dict.dz']) {
      expect(readDictd(join(dir, 'test.index'), join(dir, dict))).toEqual([
        { headword: 'casa', text: 'casa\nhouse\n' },
        { headword: 'perro', text: 'perro\ndog\n' },
      ]);
    }
  });
});

const PAIRS = ['eng-por', 'por-eng', 'eng-spa', 'spa-eng'];

describe.each(PAIRS)('readDictd on Debian freedict-%s', (pair) => {
  const index = `/usr/share/dictd/freedict-${pair}.index`;
  const dict = `/usr/share/dictd/freedict-${pair}.dict.dz`;

  it.runIf(runsOn(index, dict))('reads every indexed entry, each starting with its headword', () => {
    expectPresent(index, dict);
    const entries = readDictd(index, dict);
    const indexLines = readFileSync(index, 'utf8').split('\n').filter(Boolean);
    const meta = indexLines.filter((line) => line.startsWith('00database')).length;
    expect(meta).toBeGreaterThan(0);
    expect(entries).toHaveLength(indexLines.length - meta);
    expect(entries.some((e) => e.headword.startsWith('00'))).toBe(false);
    // The index folds case and drops punctuation: "about-face" is indexed as "aboutface".
    const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '');
    for (const entry of entries)
      expect(letters(entry.text.split('\n')[0]!)).toContain(letters(entry.headword));
  });
});
