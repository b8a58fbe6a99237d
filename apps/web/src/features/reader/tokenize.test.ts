import { describe, expect, it } from 'vitest';
import { lineRuns, tokenize } from './tokenize';

describe('tokenize', () => {
  it('keeps punctuation and spaces as text between words', () => {
    expect(tokenize('“Tom has a red kite!”')).toEqual([
      { text: '“', word: false },
      { text: 'Tom', word: true },
      { text: ' ', word: false },
      { text: 'has', word: true },
      { text: ' ', word: false },
      { text: 'a', word: true },
      { text: ' ', word: false },
      { text: 'red', word: true },
      { text: ' ', word: false },
      { text: 'kite', word: true },
      { text: '!”', word: false },
    ]);
  });

  it('keeps inner apostrophes and hyphens inside a word, and accents', () => {
    const words = (text: string) =>
      tokenize(text)
        .filter((token) => token.word)
        .map((token) => token.text);
    expect(words("Don't stop — it's well-known.")).toEqual(["Don't", 'stop', "it's", 'well-known']);
    expect(words('¿Qué pasó, João? Ñandú.')).toEqual(['Qué', 'pasó', 'João', 'Ñandú']);
    expect(tokenize('').length).toBe(0);
  });

  it('gives back the sentence when joined', () => {
    const sentence = '  Ela disse: "Vamos!" e saiu...';
    expect(
      tokenize(sentence)
        .map((token) => token.text)
        .join(''),
    ).toBe(sentence);
  });
});

describe('lineRuns', () => {
  it('keeps each word with the punctuation that touches it', () => {
    const runs = lineRuns(tokenize('Entonces dice: “Hijo, sube”.'));
    const shown = runs.map((run) => (typeof run === 'string' ? run : run.map((part) => part.text).join('|')));
    expect(shown).toEqual(['Entonces', ' ', 'dice|:', ' ', '“|Hijo|,', ' ', 'sube|”.']);
  });

  it('keeps the index of every token, for highlighting', () => {
    const runs = lineRuns(tokenize('Hi, you.'));
    expect(runs[0]).toEqual([
      { text: 'Hi', word: true, index: 0 },
      { text: ',', word: false, index: 1 },
    ]);
    expect(runs[2]).toEqual([
      { text: 'you', word: true, index: 2 },
      { text: '.', word: false, index: 3 },
    ]);
  });
});
