import { WORD_PATTERN, foldAccentsAndCase } from '@lendo/shared';

/** Lower case without accents or other marks, spaces collapsed: "João" and "joao" compare equal. */
export function foldText(text: string): string {
  return foldAccentsAndCase(text).replace(/\s+/g, ' ').trim();
}

/** The words of a text as the reader taps them, lower case, hyphenated words also by their parts. */
export function wordsOf(text: string): string[] {
  return Array.from(text.matchAll(WORD_PATTERN), (m) => m[0].toLowerCase()).flatMap((word) =>
    word.includes('-') ? [word, ...word.split('-')] : [word],
  );
}

export const countWords = (text: string) => text.match(WORD_PATTERN)?.length ?? 0;
