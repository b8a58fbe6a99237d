import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import { DESIRED_RETENTION, foldAccentsAndCase, type CardStatus } from '@lendo/shared';

/**
 * Spaced repetition with FSRS-6 (ts-fsrs, default weights): desired retention 0.9, learning steps
 * on, and no fuzz, so the same answers always give the same schedule.
 */
const scheduler = fsrs({ request_retention: DESIRED_RETENTION, enable_fuzz: false, enable_short_term: true });

/** A card's memory state as stored in the flashcards table. */
export interface Schedule {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs State). */
  state: number;
  lastReview: Date | null;
}

/** A review as stored in review_logs: the card's state before the answer, and the answer's rating. */
export interface ReviewRecord {
  rating: number;
  state: number;
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  lastElapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reviewedAt: Date;
}

const toCard = (s: Schedule): Card => ({
  due: s.due,
  stability: s.stability,
  difficulty: s.difficulty,
  elapsed_days: s.elapsedDays,
  scheduled_days: s.scheduledDays,
  learning_steps: s.learningSteps,
  reps: s.reps,
  lapses: s.lapses,
  state: s.state as State,
  last_review: s.lastReview ?? undefined,
});

const fromCard = (card: Card): Schedule => ({
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsed_days,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  lastReview: card.last_review ?? null,
});

/** The schedule of a card created at `now`: new, due at once. */
export const newSchedule = (now: Date): Schedule => fromCard(createEmptyCard(now));

/**
 * The card's next schedule after an answer at `now`, and the log of that review. A card answered
 * before it is due (practice) is scheduled the same way, from the time that really passed. Time
 * never runs backwards for a card: an answer timed before its last review (clocks that disagree)
 * counts as given at that review.
 */
export function answer(current: Schedule, now: Date, rating: Grade): { next: Schedule; log: ReviewRecord } {
  const at = current.lastReview && now < current.lastReview ? current.lastReview : now;
  const { card, log } = scheduler.next(toCard(current), at, rating);
  return {
    next: fromCard(card),
    log: {
      rating: log.rating,
      state: log.state,
      due: log.due,
      stability: log.stability,
      difficulty: log.difficulty,
      elapsedDays: log.elapsed_days,
      lastElapsedDays: log.last_elapsed_days,
      scheduledDays: log.scheduled_days,
      learningSteps: log.learning_steps,
      reviewedAt: log.review,
    },
  };
}

/** What the learner sees of a card's state: never reviewed, being learned, or in long-term review. */
export function statusOf(state: number): CardStatus {
  if (state === State.New) return 'new';
  return state === State.Review ? 'learned' : 'learning';
}

/** Lower case, accents and punctuation gone, spaces collapsed: "¡Buenos días!" → "buenos dias". */
export function normalizeAnswer(text: string): string {
  return foldAccentsAndCase(text)
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The Damerau–Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions and swaps of neighbours) between two strings, by code point.
 */
export function editDistance(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  // Three rows of the table: two back (for swaps), the previous and the current.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[t.length]!;
}

/** Typos forgiven for an expected answer of this many characters: none up to 3, one up to 7, then two. */
export function typosAllowed(length: number): number {
  if (length <= 3) return 0;
  return length <= 7 ? 1 : 2;
}

/** Whether a typed answer matches the card's back, accents, case, punctuation and small typos aside. */
export function isCorrectAnswer(typed: string, back: string): boolean {
  const expected = normalizeAnswer(back);
  const given = normalizeAnswer(typed);
  if (given === expected) return true;
  if (given === '') return false;
  return editDistance(given, expected) <= typosAllowed(Array.from(expected).length);
}

export type ReviewAnswer =
  { method: 'guess'; result: 'got_it' | 'was_wrong' } | { method: 'qa'; answer: string };

/** The FSRS rating of an answer: right is Good, wrong is Again. */
export function rate(review: ReviewAnswer, back: string): { rating: Grade; correct: boolean } {
  const correct =
    review.method === 'guess' ? review.result === 'got_it' : isCorrectAnswer(review.answer, back);
  return { rating: correct ? Rating.Good : Rating.Again, correct };
}
