import { z } from 'zod';
import {
  GENRES,
  LEARNING_LANGUAGES,
  LEVELS,
  STORY_GEN_CHAPTERS_MAX,
  STORY_GEN_WORDS_MAX,
} from './constants.ts';
import { storyCard } from './stories.ts';
import { WORD_STATUSES } from './word-status.ts';

const invalid = { error: 'error.invalid-value' } as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;
/** The text with each run of control characters (C0 and DEL) turned into a space. */
export const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, ' ');

/** Text a learner types: no control characters. */
const plainText = (max: number) =>
  z
    .string(invalid)
    .trim()
    .min(1, { error: 'error.required' })
    .max(max, invalid)
    .refine((value) => withoutControlCharacters(value) === value, invalid);

/**
 * How the generator writes: with a language model (ai), or, without one, practice reading
 * assembled from library sentences that use the chosen words (never called AI).
 */
export const STORY_GEN_MODES = ['ai', 'practice'] as const;
export type StoryGenMode = (typeof STORY_GEN_MODES)[number];

/** POST /story-gen/ — what to write. */
export const storyGenBody = z.object({
  level: z.enum(LEVELS, invalid),
  genre: z.enum(GENRES, invalid),
  chapters: z.number(invalid).int(invalid).min(1, invalid).max(STORY_GEN_CHAPTERS_MAX, invalid),
  words: z.array(plainText(40), invalid).max(STORY_GEN_WORDS_MAX, invalid).default([]),
});
export type StoryGenBody = z.input<typeof storyGenBody>;

/** PATCH /story-gen/{id}/ — a new title. */
export const storyGenRenameBody = z.object({ title: plainText(120) });

export const storyGenChapterParams = z.object({
  id: z.uuid(invalid),
  number: z.coerce.number(invalid).int(invalid).min(1, invalid).max(STORY_GEN_CHAPTERS_MAX, invalid),
});

/** A word offered for practice: the learner's due and learning words. */
export const practiceWord = z.object({ lemma: z.string(), status: z.enum(WORD_STATUSES) });

/** The known-word coverage of a text against the learner's word statuses. */
export const storyCoverage = z
  .object({
    /** Word tokens of the text. */
    words: z.number().int(),
    /** Tokens whose lemma the learner marked known (or ignored). */
    known: z.number().int(),
    /** known / words, 0 to 1. */
    share: z.number(),
    /** below (too many new words), within or above STORY_GEN_COVERAGE_TARGET. */
    verdict: z.enum(['below', 'within', 'above']),
    /** The chosen words the text uses, as they appear in it. */
    practised: z.array(z.string()),
    /** The chosen words it could not use. */
    missing: z.array(z.string()),
  })
  .meta({ id: 'StoryCoverage' });
export type StoryCoverage = z.infer<typeof storyCoverage>;

/** GET /story-gen/ — how the generator works here, what to suggest, and the learner's own stories. */
export const storyGenHome = z
  .object({
    mode: z.enum(STORY_GEN_MODES),
    language: z.enum(LEARNING_LANGUAGES),
    level: z.enum(LEVELS),
    /** Whether the plan writes with the model (pro, premium); practice reading is for everyone. */
    can_generate: z.boolean(),
    /** AI sentences this month (null limit: unlimited). */
    ai_sentences: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
    suggested_words: z.array(practiceWord),
    stories: z.array(storyCard),
  })
  .meta({ id: 'StoryGenHome' });
export type StoryGenHome = z.infer<typeof storyGenHome>;

/**
 * The events of a generation, sent as server-sent events (`event: <type>`, `data: <json>`) in
 * this order: start, then chapter and its sentences for each chapter, then done, or error at any
 * point (nothing is saved then). `restart` means the model's text was repaired: drop what came.
 */
export const storyGenEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), mode: z.enum(STORY_GEN_MODES), chapters: z.number().int() }),
  z.object({ type: z.literal('title'), title: z.string() }),
  z.object({ type: z.literal('chapter'), number: z.number().int(), title: z.string() }),
  z.object({
    type: z.literal('sentence'),
    chapter: z.number().int(),
    text: z.string(),
    translation: z.string(),
  }),
  z.object({ type: z.literal('restart') }),
  z.object({
    type: z.literal('done'),
    story: storyCard,
    first_chapter_id: z.string(),
    coverage: storyCoverage,
  }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type StoryGenEvent = z.infer<typeof storyGenEvent>;
