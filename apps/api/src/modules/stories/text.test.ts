import { describe, expect, it } from 'vitest';
import { countWords, foldText, wordsOf } from './text.ts';

describe('story text helpers', () => {
  it('folds case, accents and spacing for search', () => {
    expect(foldText('  João e o PÉ de\nfeijão ')).toBe('joao e o pe de feijao');
    expect(foldText('Niño, ¿qué tal?')).toBe('nino, ¿que tal?');
  });

  it('splits words as the reader taps them', () => {
    expect(wordsOf("Don't go — the arara-azul flew!")).toEqual([
      "don't",
      'go',
      'the',
      'arara-azul',
      'arara',
      'azul',
      'flew',
    ]);
    expect(countWords("Don't go — the arara-azul flew!")).toBe(5);
  });
});
