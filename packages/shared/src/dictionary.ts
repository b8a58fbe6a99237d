import { z } from 'zod';
import { LEARNING_LANGUAGES } from './constants.ts';
import { choice } from './auth.ts';

/**
 * The dictionary service's contract (its own base URL: /dict in the embedded mode).
 * Word languages are the learning languages; translations come in en, es or pt.
 */
export const dictionaryLanguage = choice(LEARNING_LANGUAGES);

export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'pronoun',
  'preposition',
  'conjunction',
  'determiner',
  'article',
  'numeral',
  'interjection',
  'name',
  'other',
] as const;

/** Parts of speech a glossary or lexicon entry may have: every authored word is classified. */
export const AUTHORED_PARTS_OF_SPEECH = PARTS_OF_SPEECH.filter((pos) => pos !== 'other');

export const DICTIONARY_SOURCES = ['lexicon', 'library', 'freedict', 'wordnet'] as const;
export type DictionarySource = (typeof DICTIONARY_SOURCES)[number];
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

export const wordQuery = z.object({
  word: z.string({ error: 'error.required' }).trim().min(1, { error: 'error.required' }).max(64, {
    error: 'error.invalid-value',
  }),
});

/** Path parameters of every word endpoint: /v1/:language/<kind>/:word. */
export const wordParams = wordQuery.extend({ language: dictionaryLanguage });
export type WordParams = z.infer<typeof wordParams>;

export const EXAMPLES_DEFAULT_LIMIT = 5;
export const EXAMPLES_MAX_LIMIT = 20;

/** GET /v1/:language/examples/:word?limit= — how many sentences, 1 to 20 (default 5). */
export const examplesQuery = z.object({
  limit: z.coerce
    .number({ error: 'error.invalid-value' })
    .int({ error: 'error.invalid-value' })
    .min(1, { error: 'error.invalid-value' })
    .max(EXAMPLES_MAX_LIMIT, { error: 'error.invalid-value' })
    .default(EXAMPLES_DEFAULT_LIMIT),
});

/** One translation of a lemma: the word in another language and a definition written in it. */
export const wordTranslation = z.object({
  language: dictionaryLanguage,
  translation: z.string(),
  definition: z.string(),
});
export type WordTranslation = z.infer<typeof wordTranslation>;

export const dictionaryEntry = z
  .object({
    lemma: z.string(),
    pos: z.enum(PARTS_OF_SPEECH),
    /** Frequency rank in the curated lexicon (1 = most frequent), null for imported words. */
    rank: z.number().int().nullable(),
    /** Definition written in the word's own language ('' when no source has one). */
    definition: z.string(),
    translations: z.array(wordTranslation),
    /** Where the data came from: lexicon (curated), library (the stories' glossaries), freedict, wordnet. */
    sources: z.array(z.enum(DICTIONARY_SOURCES)),
  })
  .meta({ id: 'DictionaryEntry' });
export type DictionaryEntry = z.infer<typeof dictionaryEntry>;

/** GET /v1/:language/words/:word — the word record: its lemmas and their entries. */
export const wordRecord = z
  .object({
    word: z.string(),
    language: dictionaryLanguage,
    /** Candidate lemmas, most likely first; the word itself when it is a lemma. */
    lemmas: z.array(z.string()),
    entries: z.array(dictionaryEntry),
  })
  .meta({ id: 'WordRecord' });
export type WordRecord = z.infer<typeof wordRecord>;

/** GET /v1/:language/lemmas/:word */
export const lemmaResult = z.object({
  word: z.string(),
  language: dictionaryLanguage,
  lemmas: z.array(z.string()),
});
export type LemmaResult = z.infer<typeof lemmaResult>;

export const exampleSentence = z.object({
  sentence: z.string(),
  translations: z.array(z.object({ language: dictionaryLanguage, translation: z.string() })),
});
export type ExampleSentence = z.infer<typeof exampleSentence>;

/** GET /v1/:language/examples/:word?limit= — sentences that use the word (any of its forms). */
export const examplesResult = z.object({
  word: z.string(),
  language: dictionaryLanguage,
  examples: z.array(exampleSentence),
});
export type ExamplesResult = z.infer<typeof examplesResult>;
