import type { Flashcard, ReviewQueue, ReviewResult } from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { afterBatch, currentCard, reviewReducer, startSession, type ReviewSession } from './review-session';

const card = (id: string): Flashcard => ({
  id,
  deck: 'deck-1',
  word: id,
  front: `front ${id}`,
  back: `back ${id}`,
  language: 'en',
  status: 'new',
  last_review: null,
  next_review: '2025-01-01T00:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
});

const queue = (ids: string[], remaining = ids.length, nextDue: number | null = null) =>
  ({ cards: ids.map(card), remaining, next_due_seconds: nextDue }) as ReviewQueue;

const result = (id: string, correct: boolean): ReviewResult => ({
  flashcard: id,
  correct,
  expected: `back ${id}`,
  counted: true,
  status: 'learning',
  next_review: '2025-01-02T00:00:00.000Z',
});

const run = (state: ReviewSession, ...actions: Parameters<typeof reviewReducer>[1][]) =>
  actions.reduce(reviewReducer, state);

describe('a guess-and-show session', () => {
  it('shows the front, reveals the back, and moves on with each answer', () => {
    let state = startSession(queue(['a', 'b']));
    expect(currentCard(state)?.id).toBe('a');
    expect(state).toMatchObject({ phase: 'question', reviewed: 0, total: 2 });

    state = run(state, { type: 'reveal' });
    expect(state.phase).toBe('revealed');

    state = run(state, { type: 'answered', result: result('a', true), method: 'guess' });
    expect(currentCard(state)?.id).toBe('b');
    expect(state).toMatchObject({ phase: 'question', reviewed: 1, correct: 1 });

    state = run(state, { type: 'reveal' }, { type: 'answered', result: result('b', false), method: 'guess' });
    expect(currentCard(state)).toBeUndefined();
    expect(state).toMatchObject({ reviewed: 2, correct: 1, newSeen: 2 });
    // The queue is asked again: a card may have come due meanwhile.
    expect(afterBatch(state)).toBe('fetch-more');
    expect(afterBatch(run(state, { type: 'batch', queue: queue([]) }))).toBe('finished');
  });

  it('ignores an answer that comes back for a card no longer on screen', () => {
    const state = run(startSession(queue(['a', 'b'])), {
      type: 'answered',
      result: result('a', true),
      method: 'guess',
    });
    expect(run(state, { type: 'answered', result: result('a', true), method: 'guess' })).toBe(state);
  });
});

describe('a Q&A session', () => {
  it('shows whether the typed answer was right before the next card', () => {
    let state = startSession(queue(['a', 'b']));
    state = run(state, { type: 'answered', result: result('a', false), method: 'qa' });
    expect(currentCard(state)?.id).toBe('a');
    expect(state.phase).toBe('checked');
    expect(state.result?.expected).toBe('back a');
    expect(state).toMatchObject({ reviewed: 1, correct: 0 });

    // Enter again on the result does not count the card twice.
    expect(run(state, { type: 'answered', result: result('a', true), method: 'qa' })).toBe(state);

    state = run(state, { type: 'next' });
    expect(currentCard(state)?.id).toBe('b');
    expect(state).toMatchObject({ phase: 'question', result: null });
  });

  it('does not skip a card that has not been answered', () => {
    const state = startSession(queue(['a']));
    expect(run(state, { type: 'next' })).toBe(state);
  });
});

describe('batches', () => {
  it('asks for the next batch when the queue had more, and counts on from where it was', () => {
    let state = startSession(queue(['a'], 3));
    expect(state.total).toBe(3);
    state = run(state, { type: 'reveal' }, { type: 'answered', result: result('a', true), method: 'guess' });
    expect(afterBatch(state)).toBe('fetch-more');

    state = run(state, { type: 'batch', queue: queue(['b', 'c']) });
    expect(currentCard(state)?.id).toBe('b');
    expect(state).toMatchObject({ reviewed: 1, total: 3, more: true });
  });

  it('brings back a card that came due, waits for one due within minutes, and ends past that', () => {
    let state = startSession(queue(['a']));
    state = run(state, { type: 'answered', result: result('a', false), method: 'guess' });
    state = run(state, { type: 'batch', queue: queue([], 0, 60) });
    expect(afterBatch(state)).toBe('wait');
    expect(state.waitSeconds).toBe(60);
    const learning = { cards: [{ ...card('a'), status: 'learning' }], remaining: 1, next_due_seconds: null };
    state = run(state, { type: 'batch', queue: learning as ReviewQueue });
    expect(currentCard(state)?.id).toBe('a');
    expect(state).toMatchObject({ total: 2, waitSeconds: null });
    state = run(state, { type: 'answered', result: result('a', true), method: 'guess' });
    expect(state).toMatchObject({ reviewed: 2, correct: 1, newSeen: 1 });
    state = run(state, { type: 'batch', queue: queue([], 0, 600) });
    expect(afterBatch(state)).toBe('finished');
  });

  it('ends when a batch comes back empty, whatever the count said', () => {
    let state = startSession(queue(['a'], 2));
    state = run(state, { type: 'answered', result: result('a', true), method: 'guess' });
    state = run(state, { type: 'batch', queue: queue([], 1) });
    expect(afterBatch(state)).toBe('finished');
    expect(afterBatch(run(state, { type: 'batch', queue: queue([], 1, 30) }))).toBe('wait');
  });

  it('has nothing to do while a card is on screen', () => {
    expect(afterBatch(startSession(queue(['a'], 5)))).toBeNull();
  });
});
