import { describe, expect, it } from 'vitest';
import {
  answer,
  editDistance,
  isCorrectAnswer,
  newSchedule,
  normalizeAnswer,
  rate,
  statusOf,
  typosAllowed,
} from './scheduler.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const start = new Date('2026-03-02T12:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);

describe('rate', () => {
  it('rates guess-and-show: got it is Good (3), was wrong is Again (1)', () => {
    expect(rate({ method: 'guess', result: 'got_it' }, 'casa')).toEqual({ rating: 3, correct: true });
    expect(rate({ method: 'guess', result: 'was_wrong' }, 'casa')).toEqual({ rating: 1, correct: false });
  });

  it('rates a typed answer by comparing it with the back', () => {
    expect(rate({ method: 'qa', answer: 'Coração' }, 'coracao')).toEqual({ rating: 3, correct: true });
    expect(rate({ method: 'qa', answer: 'pulmão' }, 'coração')).toEqual({ rating: 1, correct: false });
  });
});

describe('isCorrectAnswer', () => {
  it('ignores accents, case, punctuation and extra spaces', () => {
    expect(isCorrectAnswer('  o CORACAO ', 'O coração')).toBe(true);
    expect(isCorrectAnswer('buenos dias', '¡Buenos días!')).toBe(true);
    expect(isCorrectAnswer("don't stop", 'Don’t stop.')).toBe(true);
    expect(isCorrectAnswer('pão de queijo', 'Pão-de-queijo')).toBe(true);
    expect(isCorrectAnswer('Straße', 'strasse')).toBe(false);
  });

  it('wants short backs (up to 3 characters) exactly', () => {
    expect(isCorrectAnswer('sim', 'Sim')).toBe(true);
    expect(isCorrectAnswer('sin', 'sim')).toBe(false);
    expect(isCorrectAnswer('si', 'sim')).toBe(false);
    expect(isCorrectAnswer('o', 'a')).toBe(false);
  });

  it('forgives one typo in a back of 4 to 7 characters', () => {
    expect(isCorrectAnswer('gatp', 'gato')).toBe(true); // substitution
    expect(isCorrectAnswer('gto', 'gato')).toBe(true); // deletion
    expect(isCorrectAnswer('gaato', 'gato')).toBe(true); // insertion
    expect(isCorrectAnswer('agto', 'gato')).toBe(true); // neighbours swapped
    expect(isCorrectAnswer('gtp', 'gato')).toBe(false);
    expect(isCorrectAnswer('cachora', 'cachoro')).toBe(true);
    expect(isCorrectAnswer('cahcora', 'cachoro')).toBe(false);
  });

  it('forgives two typos in a longer back', () => {
    expect(isCorrectAnswer('cachoro', 'cachorro')).toBe(true);
    expect(isCorrectAnswer('cahcoro', 'cachorro')).toBe(true);
    expect(isCorrectAnswer('cahcor', 'cachorro')).toBe(false);
    expect(isCorrectAnswer('the hose is bg', 'The house is big.')).toBe(true);
    expect(isCorrectAnswer('the mouse is bag', 'The house is big.')).toBe(true);
    expect(isCorrectAnswer('a mouse is bag', 'The house is big.')).toBe(false);
  });

  it('never takes an empty answer for a back with letters', () => {
    expect(isCorrectAnswer('', 'sim')).toBe(false);
    expect(isCorrectAnswer('   ', 'casa')).toBe(false);
    expect(isCorrectAnswer('?!', 'cachorro')).toBe(false);
  });
});

describe('normalizeAnswer, editDistance and typosAllowed', () => {
  it('normalizes to lower case words without marks', () => {
    expect(normalizeAnswer('  ¿Qué   TAL?  ')).toBe('que tal');
    expect(normalizeAnswer('Ação, já!')).toBe('acao ja');
  });

  it('counts insertions, deletions, substitutions and neighbour swaps as one edit each', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('', 'ab')).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('abcd', 'acbd')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3);
    expect(editDistance('😀a', 'a😀')).toBe(1);
  });

  it('allows no typo up to 3 characters, one up to 7, then two', () => {
    expect([1, 3, 4, 7, 8, 30].map(typosAllowed)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('answer (FSRS-6, retention 0.9, no fuzz)', () => {
  it('starts a card new and due at once', () => {
    expect(newSchedule(start)).toEqual({
      due: start,
      stability: 0,
      difficulty: 0,
      elapsedDays: 0,
      scheduledDays: 0,
      learningSteps: 0,
      reps: 0,
      lapses: 0,
      state: 0,
      lastReview: null,
    });
  });

  it('walks a new card through the learning steps into review', () => {
    const good = answer(newSchedule(start), start, 3);
    expect(good.next).toMatchObject({ state: 1, reps: 1, due: after(10 * MINUTE), lastReview: start });
    expect(good.log).toMatchObject({ rating: 3, state: 0, due: start, reviewedAt: start });
    const graduated = answer(good.next, after(10 * MINUTE), 3);
    expect(graduated.next.state).toBe(2);
    expect(graduated.next.scheduledDays).toBeGreaterThanOrEqual(1);
    expect(graduated.next.due.getTime()).toBe(
      after(10 * MINUTE).getTime() + graduated.next.scheduledDays * DAY,
    );
    expect(graduated.log).toMatchObject({ state: 1, rating: 3 });
  });

  it('brings a card answered Again back in a minute, and relearns a forgotten one', () => {
    const again = answer(newSchedule(start), start, 1);
    expect(again.next).toMatchObject({ state: 1, due: after(MINUTE), lapses: 0 });
    let card = answer(answer(newSchedule(start), start, 3).next, after(10 * MINUTE), 3).next;
    const reviewAt = card.due;
    card = answer(card, reviewAt, 1).next;
    expect(card).toMatchObject({ state: 3, lapses: 1, due: new Date(reviewAt.getTime() + 10 * MINUTE) });
  });

  it('is deterministic and grows the interval with each success', () => {
    const run = () => {
      let card = newSchedule(start);
      const intervals: number[] = [];
      let now = start;
      for (let i = 0; i < 6; i++) {
        card = answer(card, now, 3).next;
        intervals.push(card.due.getTime() - now.getTime());
        now = card.due;
      }
      return intervals;
    };
    const intervals = run();
    expect(run()).toEqual(intervals);
    for (let i = 2; i < intervals.length; i++) expect(intervals[i]).toBeGreaterThan(intervals[i - 1]!);
  });

  it('schedules a practice answer before the due date from the time that passed', () => {
    const learned = answer(answer(newSchedule(start), start, 3).next, after(10 * MINUTE), 3).next;
    const early = answer(learned, after(11 * MINUTE), 3).next;
    expect(early.reps).toBe(learned.reps + 1);
    expect(early.due.getTime()).toBeGreaterThan(after(11 * MINUTE).getTime());
    expect(early.state).toBe(2);
  });

  it('takes an answer timed before the last review as given at that review', () => {
    const learned = answer(answer(newSchedule(start), start, 3).next, after(10 * MINUTE), 3).next;
    const skewed = answer(learned, after(5 * MINUTE), 3);
    expect(skewed).toEqual(answer(learned, after(10 * MINUTE), 3));
    expect(skewed.next.lastReview).toEqual(after(10 * MINUTE));
  });
});

describe('statusOf', () => {
  it('is new, learning (learning or relearning) or learned (review)', () => {
    expect([0, 1, 2, 3].map(statusOf)).toEqual(['new', 'learning', 'learned', 'learning']);
  });
});
