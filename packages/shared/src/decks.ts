import { z } from 'zod';
import { choice } from './auth.ts';
import { LEARNING_LANGUAGES } from './constants.ts';
import { paged } from './stories.ts';
import { foldAccentsAndCase as fold } from './text.ts';

/** Decks, flashcards and spaced-repetition reviews (SPEC §2, §3, §5, §7 "Decks and flashcards"). */

export const DECK_ICONS = [
  'closedBook',
  'openBook',
  'player',
  'certificate',
  'student',
  'palette',
  'pencil',
  'layers',
  'butterfly',
  'cube',
  'allien',
  'heart',
  'party',
  'tree',
  'ufo',
] as const;
export type DeckIcon = (typeof DECK_ICONS)[number];
export const DEFAULT_DECK_ICON: DeckIcon = 'student';

export const DECK_NAME_MAX = 60;
export const DECK_DESCRIPTION_MAX = 300;
export const CARD_TEXT_MAX = 1000;
export const CARD_WORD_MAX = 100;
/** Example sentences the flashcard modal offers at most (SPEC §9). */
export const EXAMPLE_SENTENCES_MAX = 2;
/** New cards a deck introduces per local day at most. */
export const NEW_CARDS_PER_DAY = 20;
/** Cards one GET of the review queue returns at most; the session asks again when they are done. */
export const REVIEW_BATCH = 50;
export const FLASHCARDS_PAGE_SIZE = 20;
/** FSRS desired retention (DESIGN §5). */
export const DESIRED_RETENTION = 0.9;
/**
 * A review session goes on while a card it answered comes due again within this many seconds
 * (learning steps: a card answered "was wrong" is due a minute later); it waits for that card.
 */
export const SESSION_LOOKAHEAD_SECONDS = 5 * 60;

const text = (requiredCode: string, max: number) =>
  z
    .string({ error: requiredCode })
    .trim()
    .min(1, { error: requiredCode })
    .max(max, { error: 'error.invalid-value' });
const optionalText = (max: number) =>
  z.string({ error: 'error.invalid-value' }).trim().max(max, { error: 'error.invalid-value' });
/** An id in a body: missing is error.required; one that cannot name anything is simply not found. */
const id = z.uuid({ error: (issue) => (issue.input === undefined ? 'error.required' : 'error.not-found') });

export const deckBody = z
  .object({
    name: text('decks.deck-name-error', DECK_NAME_MAX),
    description: optionalText(DECK_DESCRIPTION_MAX).default(''),
    icon: choice(DECK_ICONS).default(DEFAULT_DECK_ICON),
    language: choice(LEARNING_LANGUAGES),
  })
  .meta({ id: 'DeckBody' });
export type DeckBody = z.input<typeof deckBody>;

export const deckListQuery = z.object({ language: choice(LEARNING_LANGUAGES).optional() });

/**
 * A deck's counts (DESIGN §5): `new`, `learning` and `learned` split the cards, so they always add
 * up to the card count; `pending_review` ("due now") cuts across them.
 */
export const deckStats = z.object({
  /** Never reviewed. */
  new: z.number().int(),
  /** Answered, in learning or relearning steps. */
  learning: z.number().int(),
  /** In long-term review (due or not). */
  learned: z.number().int(),
  /**
   * What the review queue offers now: answered cards that are due plus the new cards the deck may
   * still introduce today (NEW_CARDS_PER_DAY). Review is enabled exactly when this is not zero.
   */
  pending_review: z.number().int(),
});
export type DeckStats = z.infer<typeof deckStats>;

export const deck = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.enum(DECK_ICONS),
    language: z.enum(LEARNING_LANGUAGES),
    stats: deckStats,
    card_count: z.number().int(),
    created_at: z.string(),
    last_review: z.string().nullable(),
    /** When the next card falls due (now or later); null for an empty deck. */
    next_review: z.string().nullable(),
  })
  .meta({ id: 'Deck' });
export type Deck = z.infer<typeof deck>;
export const deckList = z.array(deck).meta({ id: 'DeckList' });

export const CARD_STATUSES = ['new', 'learning', 'learned'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const flashcardBody = z
  .object({
    word: optionalText(CARD_WORD_MAX).default(''),
    front: text('flashcard.front-error', CARD_TEXT_MAX),
    back: text('flashcard.back-error', CARD_TEXT_MAX),
    /** The card's language; the deck's language when left out. */
    language: choice(LEARNING_LANGUAGES).optional(),
  })
  .meta({ id: 'FlashcardBody' });
export type FlashcardBody = z.input<typeof flashcardBody>;

/**
 * POST /deck/decks/{id}/flashcards/: a card for a word the deck already has a card of is refused
 * (409 flashcard.duplicate) unless `allow_duplicate` says the learner saw the warning.
 */
export const flashcardCreateBody = flashcardBody
  .extend({ allow_duplicate: z.boolean({ error: 'error.invalid-value' }).default(false) })
  .meta({ id: 'FlashcardCreateBody' });
export type FlashcardCreateBody = z.input<typeof flashcardCreateBody>;

/** PUT /deck/flashcards/{id}/: `deck` may name another deck of the same user to move the card. */
export const flashcardUpdateBody = flashcardBody.extend({ deck: id }).meta({ id: 'FlashcardUpdateBody' });
export type FlashcardUpdateBody = z.input<typeof flashcardUpdateBody>;

export const flashcardListQuery = z.object({
  page: z.coerce
    .number({ error: 'error.invalid-value' })
    .int()
    .min(1, { error: 'error.invalid-value' })
    .default(1),
  query: z.string().trim().max(100, { error: 'error.invalid-value' }).optional(),
});
export type FlashcardListQuery = z.input<typeof flashcardListQuery>;

export const flashcard = z
  .object({
    id: z.string(),
    deck: z.string(),
    word: z.string(),
    front: z.string(),
    back: z.string(),
    language: z.enum(LEARNING_LANGUAGES),
    status: z.enum(CARD_STATUSES),
    last_review: z.string().nullable(),
    next_review: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Flashcard' });
export type Flashcard = z.infer<typeof flashcard>;
export const flashcardPage = paged(flashcard).meta({ id: 'FlashcardPage' });
export type FlashcardPage = z.infer<typeof flashcardPage>;

/** GET /deck/decks/{id}/review/: the cards due now, new ones capped at NEW_CARDS_PER_DAY a day. */
export const reviewQueue = z
  .object({
    deck: deck,
    /** Up to REVIEW_BATCH cards, learning and review cards first, then new ones. */
    cards: z.array(flashcard),
    /** Cards due now in all (this batch and the rest). */
    remaining: z.number().int(),
    /**
     * Seconds until the next answered card that is not due yet falls due (a learning step);
     * null when there is none. A session waits for it when it is within SESSION_LOOKAHEAD_SECONDS.
     */
    next_due_seconds: z.number().int().nullable(),
  })
  .meta({ id: 'ReviewQueue' });
export type ReviewQueue = z.infer<typeof reviewQueue>;

export const REVIEW_METHODS = ['guess', 'qa'] as const;
export type ReviewMethod = (typeof REVIEW_METHODS)[number];
export const GUESS_RESULTS = ['got_it', 'was_wrong'] as const;
export type GuessResult = (typeof GUESS_RESULTS)[number];

/**
 * POST /deck/reviews/: one answer. Guess-and-show sends `result`; Q&A sends the typed `answer`,
 * which the server compares with the back, or with the word when the card is a cloze (clozeOf);
 * accents, case and small typos forgiven.
 */
export const reviewBody = z
  .discriminatedUnion(
    'method',
    [
      z.object({ flashcard: id, method: z.literal('guess'), result: choice(GUESS_RESULTS) }),
      z.object({
        flashcard: id,
        method: z.literal('qa'),
        answer: z.string({ error: 'error.required' }).max(CARD_TEXT_MAX, { error: 'error.invalid-value' }),
      }),
    ],
    {
      // Zod reports a missing or unknown method with the whole body as the input.
      error: (issue) =>
        (issue.input as { method?: unknown } | undefined)?.method === undefined
          ? 'error.required'
          : 'error.invalid-value',
    },
  )
  .meta({ id: 'ReviewBody' });
export type ReviewBody = z.input<typeof reviewBody>;

export const reviewResult = z
  .object({
    flashcard: z.string(),
    correct: z.boolean(),
    /** What a Q&A answer should have been: the word of a cloze card (as the front writes it), else the back. */
    expected: z.string(),
    /** False when the same card was already answered at the same moment (a double submit). */
    counted: z.boolean(),
    status: z.enum(CARD_STATUSES),
    next_review: z.string(),
  })
  .meta({ id: 'ReviewResult' });
export type ReviewResult = z.infer<typeof reviewResult>;

/** GET /deck/decks/{id}/review-resume/: today's reviews of the deck (the learner's local day). */
export const reviewResume = z
  .object({
    deck: deck,
    reviewed: z.number().int(),
    correct: z.number().int(),
    wrong: z.number().int(),
    /** Cards answered for the first time today. */
    new_seen: z.number().int(),
    /** Share of correct answers, 0 to 1 (0 with no reviews). */
    accuracy: z.number(),
    next_review: z.string().nullable(),
  })
  .meta({ id: 'ReviewResume' });
export type ReviewResume = z.infer<typeof reviewResume>;

/** GET /deck/statistics/summary/. */
export const statisticsSummary = z
  .object({
    /** Consecutive local days, ending today or yesterday, with at least one review. */
    review_streak: z.number().int(),
    pending_review: z.number().int(),
    flashcards_created_today: z.number().int(),
    total_flashcards: z.number().int(),
  })
  .meta({ id: 'StatisticsSummary' });
export type StatisticsSummary = z.infer<typeof statisticsSummary>;

/** A card asked as a cloze: its front around the blanked word, and the word as the front writes it. */
export interface Cloze {
  before: string;
  answer: string;
  after: string;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

/**
 * A card whose front holds its word (a sentence saved from the reader, DESIGN §5) is asked in Q&A as
 * a cloze: the sentence with the word blanked. The word is found whole, accents and case aside; a
 * card without a word, whose front is just the word, or whose sentence uses another form of it, is
 * asked the usual way (null).
 */
export function clozeOf(card: { word: string; front: string }): Cloze | null {
  const word = card.word.trim();
  if (!word) return null;
  const chars = Array.from(card.front);
  const folded = chars.map(fold);
  const target = Array.from(word).map(fold).join('');
  for (let start = 0; start < chars.length; start++) {
    if (isWordChar(chars[start - 1])) continue;
    let text = '';
    let end = start;
    while (end < chars.length && text.length < target.length) text += folded[end++];
    if (text !== target || isWordChar(chars[end])) continue;
    const before = chars.slice(0, start).join('');
    const after = chars.slice(end).join('');
    if (!before.trim() && !after.trim()) return null;
    return { before, answer: chars.slice(start, end).join(''), after };
  }
  return null;
}
