import { describe, expect, it } from 'vitest';
import { diffAnswer } from './answer-diff';

describe('diffAnswer', () => {
  it('marks nothing when the answer is right, case and accents aside', () => {
    expect(diffAnswer('Passaporte ', 'passaporte')).toEqual([{ kind: 'same', text: 'passaporte' }]);
    expect(diffAnswer('esta', 'está')).toEqual([{ kind: 'same', text: 'está' }]);
  });

  it('marks a missing letter, a letter too many and a wrong one', () => {
    expect(diffAnswer('pasaporte', 'passaporte')).toEqual([
      { kind: 'same', text: 'pas' },
      { kind: 'missing', text: 's' },
      { kind: 'same', text: 'aporte' },
    ]);
    expect(diffAnswer('gatto', 'gato')).toEqual([
      { kind: 'same', text: 'gat' },
      { kind: 'extra', text: 't' },
      { kind: 'same', text: 'o' },
    ]);
    expect(diffAnswer('gado', 'gato')).toEqual([
      { kind: 'same', text: 'ga' },
      { kind: 'missing', text: 't' },
      { kind: 'extra', text: 'd' },
      { kind: 'same', text: 'o' },
    ]);
  });

  it('shows all of the expected answer as missing when nothing was typed', () => {
    expect(diffAnswer('', 'gato')).toEqual([{ kind: 'missing', text: 'gato' }]);
  });
});
