import type { Flashcard, ReviewQueue, ReviewResult } from '@lendo/shared';

/**
 * One review session as a state machine. Each card is first a question (its front); guess-and-show
 * then reveals the back and takes "got it" or "was wrong"; Q&A takes a typed answer and shows
 * whether it was right before the next card. Cards come in batches: when a batch is done and the
 * queue said more were due, the page asks for the next batch; otherwise the session is over.
 */
export type ReviewPhase = 'question' | 'revealed' | 'checked';

export interface ReviewSession {
  cards: Flashcard[];
  index: number;
  phase: ReviewPhase;
  /** Cards answered in this session. */
  reviewed: number;
  correct: number;
  /** Cards the session has in all, as far as the queue has told: the "n" of "x of n". */
  total: number;
  /** Whether the queue had more cards due than its batch held. */
  more: boolean;
  /** The checked answer of a Q&A card. */
  result: ReviewResult | null;
}

export type ReviewAction =
  | { type: 'batch'; queue: ReviewQueue }
  | { type: 'reveal' }
  | { type: 'answered'; result: ReviewResult; method: 'guess' | 'qa' }
  | { type: 'next' };

export function startSession(queue: ReviewQueue): ReviewSession {
  return reviewReducer(
    { cards: [], index: 0, phase: 'question', reviewed: 0, correct: 0, total: 0, more: false, result: null },
    { type: 'batch', queue },
  );
}

export function reviewReducer(state: ReviewSession, action: ReviewAction): ReviewSession {
  switch (action.type) {
    case 'batch': {
      const { cards, remaining } = action.queue;
      return {
        ...state,
        cards,
        index: 0,
        phase: 'question',
        result: null,
        total: state.reviewed + Math.max(remaining, cards.length),
        // An empty batch ends the session, whatever the count said: never ask again in a loop.
        more: cards.length > 0 && remaining > cards.length,
      };
    }
    case 'reveal':
      return state.phase === 'question' ? { ...state, phase: 'revealed' } : state;
    case 'answered': {
      const card = state.cards[state.index];
      // An answer that comes back for another card (a late double submit) changes nothing.
      if (!card || card.id !== action.result.flashcard || state.phase === 'checked') return state;
      const counted = {
        ...state,
        reviewed: state.reviewed + 1,
        correct: state.correct + (action.result.correct ? 1 : 0),
      };
      return action.method === 'qa'
        ? { ...counted, phase: 'checked', result: action.result }
        : { ...counted, index: state.index + 1, phase: 'question', result: null };
    }
    case 'next':
      return state.phase === 'checked'
        ? { ...state, index: state.index + 1, phase: 'question', result: null }
        : state;
  }
}

/** The card on screen; undefined once the batch is done. */
export const currentCard = (state: ReviewSession): Flashcard | undefined => state.cards[state.index];

/** What to do once the batch is done: fetch the next batch, or end the session. */
export function afterBatch(state: ReviewSession): 'fetch-more' | 'finished' | null {
  if (currentCard(state)) return null;
  return state.more ? 'fetch-more' : 'finished';
}
