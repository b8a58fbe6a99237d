import { WORD_PATTERN } from '@lendo/shared';

/** A run of a sentence: a word the reader can tap, or the spaces and punctuation between words. */
export type Token = { text: string; word: boolean };

/** Splits a sentence into words (WORD_PATTERN, as the API counts them) and the text around them. */
export function tokenize(sentence: string): Token[] {
  const tokens: Token[] = [];
  let end = 0;
  for (const match of sentence.matchAll(WORD_PATTERN)) {
    if (match.index > end) tokens.push({ text: sentence.slice(end, match.index), word: false });
    tokens.push({ text: match[0], word: true });
    end = match.index + match[0].length;
  }
  if (end < sentence.length) tokens.push({ text: sentence.slice(end), word: false });
  return tokens;
}

/** A token of a sentence with its position, for grouping. */
export type PlacedToken = Token & { index: number };

/**
 * Groups a sentence's tokens into runs that must stay on one line (a word with the punctuation
 * that touches it: `“Hijo,`), separated by the sentence's spaces. Browsers may break a line
 * around a button, even before a comma; a run kept together never does.
 */
export function lineRuns(tokens: readonly Token[]): (PlacedToken[] | string)[] {
  const runs: (PlacedToken[] | string)[] = [];
  let run: PlacedToken[] = [];
  const close = () => {
    if (run.length > 0) runs.push(run);
    run = [];
  };
  tokens.forEach((token, index) => {
    if (token.word) {
      run.push({ ...token, index });
      return;
    }
    for (const part of token.text.split(/(\s+)/)) {
      if (!part) continue;
      if (/^\s+$/.test(part)) {
        close();
        runs.push(part);
      } else {
        run.push({ text: part, word: false, index });
      }
    }
  });
  close();
  return runs;
}
