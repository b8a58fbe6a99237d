import { z } from 'zod';
import { choice } from './auth.ts';
import { dictionaryLanguage } from './dictionary.ts';

/**
 * Word status (DESIGN §5): what a learner knows of each lemma of a language. New words have never
 * been met; looking a word up or putting it on a card makes it learning; marking it known, or its
 * card being learned, makes it known; ignored words (names, words not worth learning) are left out
 * of the counts and the colouring.
 */
export const WORD_STATUSES = ['new', 'learning', 'known', 'ignored'] as const;
export type WordStatus = (typeof WORD_STATUSES)[number];
/** The statuses a word can be stored with: a word without one is new. */
export type StoredWordStatus = Exclude<WordStatus, 'new'>;

/** Words marked known at once at most ("mark the remaining new words as known"). */
export const WORD_STATUS_BATCH_MAX = 500;

/** Lemmas as the reader and the dictionary write them: composed, lower case, straight apostrophe. */
export const lemmaKey = (word: string) => word.trim().normalize('NFC').toLowerCase().replaceAll('’', "'");

const lemma = z
  .string({ error: 'error.required' })
  .trim()
  .min(1, { error: 'error.required' })
  .max(64, { error: 'error.invalid-value' })
  .transform(lemmaKey);

export const wordStatusQuery = z.object({ language: dictionaryLanguage });

/** GET /words/statuses/?language=: every word of the language the learner has a status for. */
export const wordStatusMap = z
  .object({
    language: dictionaryLanguage,
    statuses: z.record(z.string(), choice(['learning', 'known', 'ignored'] as const)),
  })
  .meta({ id: 'WordStatusMap' });
export type WordStatusMap = z.infer<typeof wordStatusMap>;

/** PUT /words/statuses/: sets one word's status (`new` forgets it). */
export const wordStatusBody = z.object({
  language: dictionaryLanguage,
  lemma,
  status: choice(WORD_STATUSES),
});
export type WordStatusBody = z.input<typeof wordStatusBody>;

export const wordStatusResult = z
  .object({ language: dictionaryLanguage, lemma: z.string(), status: choice(WORD_STATUSES) })
  .meta({ id: 'WordStatusResult' });
export type WordStatusResult = z.infer<typeof wordStatusResult>;

/** POST /words/statuses/known/: marks the given words known, those still new only. */
export const markKnownBody = z.object({
  language: dictionaryLanguage,
  lemmas: z
    .array(lemma, { error: 'error.invalid-value' })
    .min(1, { error: 'error.required' })
    .max(WORD_STATUS_BATCH_MAX, { error: 'error.invalid-value' }),
});
export type MarkKnownBody = z.input<typeof markKnownBody>;
export const markKnownResult = z.object({ marked: z.number().int() }).meta({ id: 'MarkKnownResult' });
export type MarkKnownResult = z.infer<typeof markKnownResult>;

/**
 * POST /words/lookups/: the learner looked a word up while reading. A new word becomes learning;
 * a card of the word that is due counts as a lapse (reading counts as review).
 */
export const wordLookupBody = z.object({ language: dictionaryLanguage, lemma });
export type WordLookupBody = z.input<typeof wordLookupBody>;
export const wordLookupResult = z
  .object({
    language: dictionaryLanguage,
    lemma: z.string(),
    status: choice(WORD_STATUSES),
    /** Due cards of the word answered "again" by this look-up. */
    lapsed: z.number().int(),
  })
  .meta({ id: 'WordLookupResult' });
export type WordLookupResult = z.infer<typeof wordLookupResult>;

/** GET /words/statuses/summary/: how many words the learner knows and is learning, per language. */
export const wordStatusSummary = z
  .object({
    languages: z.array(
      z.object({ language: dictionaryLanguage, known: z.number().int(), learning: z.number().int() }),
    ),
  })
  .meta({ id: 'WordStatusSummary' });
export type WordStatusSummary = z.infer<typeof wordStatusSummary>;
