import { z } from 'zod';
import { SENTENCE_MAX, TTS_TEXT_MAX, type LearningLanguage, type Locale } from './constants.ts';
import { PARTS_OF_SPEECH, dictionaryLanguage, wordQuery } from './dictionary.ts';

/**
 * The API's language helpers: word lookup (GET /words), word explanation (GET /ai/word-context/)
 * and text to speech (GET /tts, GET /file/tts/).
 */

// Query-string schemas carry no OpenAPI id: @fastify/swagger cannot expand a $ref into parameters.

/** Languages translations are given in. Portuguese is Brazilian and named pt-br on the wire (SPEC §3). */
export const TRANSLATION_LANGUAGES = ['pt-br', 'en', 'es'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** Use cases /words returns at most; the web shows two of them (SPEC §9). */
export const WORD_USE_CASES_MAX = 5;

/**
 * The language a learner gets translations in: es for the Spanish interface, pt-br for the
 * Portuguese and English ones (SPEC §3); English when that is the language of the word itself.
 */
export function translationLanguageFor(locale: Locale, wordLanguage: LearningLanguage): TranslationLanguage {
  const preferred: TranslationLanguage = locale === 'es' ? 'es' : 'pt-br';
  return toLearningLanguage(preferred) === wordLanguage ? 'en' : preferred;
}

/** The dictionary's name of a translation language (pt-br → pt). */
export function toLearningLanguage(language: TranslationLanguage): LearningLanguage {
  return language === 'pt-br' ? 'pt' : language;
}

/** The wire name of a dictionary language as a translation language (pt → pt-br). */
export function toTranslationLanguage(language: LearningLanguage): TranslationLanguage {
  return language === 'pt' ? 'pt-br' : language;
}

/** Collapses runs of whitespace and trims, so that the same sentence typed twice compares equal. */
export function normalizeSentence(sentence: string): string {
  return sentence.normalize('NFC').replace(/\s+/g, ' ').trim();
}

const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: 'error.required' })
    .trim()
    .min(1, { error: 'error.required' })
    .max(max, { error: tooLong });

const wordParam = wordQuery.shape.word;

export const wordsQuery = z.object({ word: wordParam, language: dictionaryLanguage });
export type WordsQuery = z.input<typeof wordsQuery>;

export const useCase = z.object({
  sentence: z.string(),
  translations: z.array(z.object({ language: z.enum(TRANSLATION_LANGUAGES), translation: z.string() })),
});

/** GET /words: sentences that use the word (any of its forms), translated for the learner. */
export const wordUseCases = z
  .object({ word: z.string(), use_cases: z.array(useCase) })
  .meta({ id: 'WordUseCases' });
export type WordUseCases = z.infer<typeof wordUseCases>;

export const wordContextQuery = z.object({
  word: wordParam,
  sentence: requiredText(SENTENCE_MAX, 'error.sentence-too-long'),
  language: dictionaryLanguage,
  /** Which of the sentence's words it is (0 for the first), when the word occurs more than once. */
  index: z.coerce
    .number({ error: 'error.invalid-value' })
    .int({ error: 'error.invalid-value' })
    .min(0, { error: 'error.invalid-value' })
    .max(SENTENCE_MAX, { error: 'error.invalid-value' })
    .optional(),
});
export type WordContextQuery = z.output<typeof wordContextQuery>;

/** Who explained a word: the story's authored glossary, a language model, or the dictionary. */
export const WORD_CONTEXT_SOURCES = ['glossary', 'model', 'dictionary'] as const;
export type WordContextSource = (typeof WORD_CONTEXT_SOURCES)[number];

/**
 * GET /ai/word-context/: the word explained in its sentence, in the learner's translation
 * language. `source` says who answered: the story library's glossary for its own sentences, else
 * a language model when one is configured, else the dictionary's first sense; `translation_source`
 * says where the sentence translation came from: the model, an authored translation (lexicon
 * examples, story library), or nowhere ('' then). `lemma` and `pos` are the word's in this
 * sentence ('' and null when unknown); `definition_language` is the language the definition is
 * written in, which is not the target language when only the word's own language has one.
 */
export const wordContext = z
  .object({
    word_translation: z.string(),
    definition: z.string(),
    definition_language: dictionaryLanguage.nullable(),
    lemma: z.string(),
    pos: z.enum(PARTS_OF_SPEECH).nullable(),
    translation: z.string(),
    source: z.enum(WORD_CONTEXT_SOURCES),
    translation_source: z.enum(['model', 'authored', 'none']),
    target_language: z.enum(TRANSLATION_LANGUAGES),
  })
  .meta({ id: 'WordContext' });
export type WordContext = z.infer<typeof wordContext>;

/** Languages speech can be asked in; pt-br is accepted as a synonym of pt. */
export const speechLanguage = z
  .enum(['en', 'es', 'pt', 'pt-br'], {
    error: (issue) => (issue.input === undefined ? 'error.required' : 'error.invalid-value'),
  })
  .transform((language): LearningLanguage => (language === 'pt-br' ? 'pt' : language));

export const ttsQuery = z.object({
  text: requiredText(TTS_TEXT_MAX, 'error.tts-text-too-long'),
  language: speechLanguage,
});
export type TtsQuery = z.input<typeof ttsQuery>;

/** GET /tts: where the audio of the text is (a public, immutable WAV file). */
export const ttsResponse = z.object({ url: z.string() }).meta({ id: 'TtsResponse' });
export type TtsResponse = z.infer<typeof ttsResponse>;
