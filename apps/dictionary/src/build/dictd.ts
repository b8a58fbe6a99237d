import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * A reader for dictd databases: a `.index` of "headword<TAB>offset<TAB>length" lines and a `.dict`
 * (or dictzip-compressed `.dict.dz`) holding the entry texts at those byte positions.
 */

const DICTD_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** dictd writes offsets and lengths as base-64 numbers, most significant digit first. */
export function decodeDictdNumber(text: string): number {
  let value = 0;
  for (const digit of text) {
    const n = DICTD_DIGITS.indexOf(digit);
    if (n === -1) throw new Error(`not a dictd number: ${text}`);
    value = value * 64 + n;
  }
  return value;
}

export interface DictdEntry {
  /** The headword as the index lists it (dictd folds case and punctuation there). */
  headword: string;
  /** The entry text, which usually starts with the headword as written. */
  text: string;
}

/**
 * All entries of a database, in index order, without the `00-database-*` entries that hold the
 * database's own metadata. A dictzip file is a valid gzip stream, so it is inflated whole: the
 * FreeDict files are small enough that its random-access chunks buy nothing here.
 */
export function readDictd(indexPath: string, dictPath: string): DictdEntry[] {
  const raw = readFileSync(dictPath);
  const dict = dictPath.endsWith('.dz') ? gunzipSync(raw) : raw;
  const entries: DictdEntry[] = [];
  for (const line of readFileSync(indexPath, 'utf8').split('\n')) {
    const [headword, offset, length] = line.split('\t');
    if (!headword || !offset || !length || /^00-?database/.test(headword)) continue;
    const start = decodeDictdNumber(offset);
    const text = dict.subarray(start, start + decodeDictdNumber(length)).toString('utf8');
    entries.push({ headword, text });
  }
  return entries;
}
