import { stripMarks } from '@lendo/shared';

/** Lookup keys: Unicode-composed and lower-cased, so "Casa", "casa" and a decomposed "cása" agree. */
export function normalizeWord(word: string): string {
  return word.trim().normalize('NFC').toLowerCase().replaceAll('’', "'");
}

/** The accent-insensitive key used when the exact form is unknown ("esta" for "está"). */
export function foldAccents(key: string): string {
  return stripMarks(key).normalize('NFC');
}
