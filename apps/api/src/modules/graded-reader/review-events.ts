import { REMEMBERED_MIN_INTERVAL_DAYS } from '@lendo/shared';
import type { PointsEvent } from './ledger.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewAnswer {
  cardId: string;
  /** The card's deck; null once it was deleted. */
  deckId: string | null;
  /** The review log the answer was saved as. */
  logId: string;
  /** The learner's local day of the answer. */
  day: string;
  /** An answer from the review screen (not a lapse recorded while reading). */
  inReview: boolean;
  correct: boolean;
  /** The card's previous answer; null for a new card. */
  lastReview: Date | null;
  /** The card is in the review (learned) state after this answer. */
  learned: boolean;
  now: Date;
}

/**
 * The events an answer to a card pays for: the deck's review of the day, the card's word learned
 * (its first time in review state) and, on the remembered board, a right answer after a wait of
 * REMEMBERED_MIN_INTERVAL_DAYS or more.
 */
export function reviewEvents(answer: ReviewAnswer): PointsEvent[] {
  const events: PointsEvent[] = [];
  if (answer.inReview && answer.deckId) {
    events.push({ kind: 'deck_review', key: `deck_review:${answer.deckId}:${answer.day}` });
  }
  if (answer.learned) events.push({ kind: 'word_learned', key: `word_learned:${answer.cardId}` });
  const waited = answer.lastReview && answer.now.getTime() - answer.lastReview.getTime();
  if (answer.inReview && answer.correct && waited && waited >= REMEMBERED_MIN_INTERVAL_DAYS * DAY_MS) {
    events.push({ kind: 'remembered', key: `remembered:${answer.logId}` });
  }
  return events;
}
