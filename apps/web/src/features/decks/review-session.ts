import {
  SESSION_LOOKAHEAD_SECONDS,
  type Flashcard,
  type ReviewQueue,
  type ReviewResult,
} from '@lendo/shared';

/**
 * One review session as a state machine. Each card is first a question (its front); guess-and-show
 * then reveals the back and takes "got it" or "was wrong"; Q&A takes a typed answer and shows
 * whether it was right before the next card. Cards come in batches: when a batch is done the page
 * asks the queue again, so a card that came due meanwhile (a learning step: a card answered "was
 * wrong" is due a minute later) comes back in the same session. An empty batch ends the session,
 * unless a card falls due within SESSION_LOOKAHEAD_SECONDS: then the session waits for it.
 */
export type ReviewPhase = 'question' | 'revealed' | 'checked';

export interface ReviewSession {
  cards: Flashcard[];
  index: number;
  phase: ReviewPhase;
  /** Answers given in this session (a card that came back counts each time). */
  reviewed: number;
  correct: number;
  /** Cards answered for the first time in this session. */
  newSeen: number;
  /** Cards the session has in all, as far as the queue has told: the "n" of "x of n". */
  total: number;
  /** Whether to ask the queue again once this batch is done. */
  more: boolean;
  /** Seconds until the next card comes due, when the session waits for it (no card on screen). */
  waitSeconds: number | null;
  /** The checked answer of a Q&A card, and what was typed. */
  result: ReviewResult | null;
  typed: string;
}

/** What the summary page shows of a session that ended. */
export interface SessionTally {
  reviewed: number;
  correct: number;
  newSeen: number;
}

/** The navigation state /deck-reviewed/{id} receives from the session that ended. */
export interface ReviewedState {
  tally: SessionTally;
}

export type ReviewAction =
  | { type: 'batch'; queue: ReviewQueue }
  | { type: 'reveal' }
  | { type: 'answered'; result: ReviewResult; method: 'guess' | 'qa'; typed?: string }
  | { type: 'next' };

export function startSession(queue: ReviewQueue): ReviewSession {
  return reviewReducer(
    {
      cards: [],
      index: 0,
      phase: 'question',
      reviewed: 0,
      correct: 0,
      newSeen: 0,
      total: 0,
      more: false,
      waitSeconds: null,
      result: null,
      typed: '',
    },
    { type: 'batch', queue },
  );
}

/** Seconds to wait for the next card, when it comes due soon enough to keep the session open. */
export function waitFor(queue: Pick<ReviewQueue, 'cards' | 'next_due_seconds'>): number | null {
  const soon = queue.next_due_seconds;
  if (queue.cards.length > 0 || soon === null || soon > SESSION_LOOKAHEAD_SECONDS) return null;
  return Math.max(0, soon);
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
        typed: '',
        total: state.reviewed + Math.max(remaining, cards.length),
        // After a batch with cards, ask again: cards may have come due meanwhile. An empty batch
        // never asks again at once (no loop): it waits for a card due soon, or ends the session.
        more: cards.length > 0,
        waitSeconds: waitFor(action.queue),
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
        newSeen: state.newSeen + (card.status === 'new' ? 1 : 0),
      };
      return action.method === 'qa'
        ? { ...counted, phase: 'checked', result: action.result, typed: action.typed ?? '' }
        : { ...counted, index: state.index + 1, phase: 'question', result: null };
    }
    case 'next':
      return state.phase === 'checked'
        ? { ...state, index: state.index + 1, phase: 'question', result: null, typed: '' }
        : state;
  }
}

/** The card on screen; undefined once the batch is done. */
export const currentCard = (state: ReviewSession): Flashcard | undefined => state.cards[state.index];

/** What to do once the batch is done: ask the queue again, wait for a card due soon, or end. */
export function afterBatch(state: ReviewSession): 'fetch-more' | 'wait' | 'finished' | null {
  if (currentCard(state)) return null;
  if (state.more) return 'fetch-more';
  return state.waitSeconds === null ? 'finished' : 'wait';
}

export const tallyOf = (state: ReviewSession): SessionTally => ({
  reviewed: state.reviewed,
  correct: state.correct,
  newSeen: state.newSeen,
});
