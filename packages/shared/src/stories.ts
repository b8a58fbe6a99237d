import { z } from 'zod';
import { CATEGORIES, GENRES, LEARNING_LANGUAGES, LEVELS, type Level, type Proficiency } from './constants.ts';
import { TRANSLATION_LANGUAGES } from './language.ts';

/**
 * The story library and the reader. Stories are authored data (packages/content) loaded into the
 * database at start-up; a reader's progress, favorites and reading time belong to the reader.
 */

/** Words as the reader splits them for tapping: runs of letters with inner apostrophes or hyphens. */
export const WORD_PATTERN = /\p{L}+(?:['’-]\p{L}+)*/gu;

/** Reading speed used for estimated durations, in words per minute, by level. */
export const WORDS_PER_MINUTE: Record<(typeof LEVELS)[number], number> = {
  elementary: 70,
  'pre-intermediate': 85,
  intermediate: 100,
  'upper-intermediate': 115,
  advanced: 130,
};

export const PAGE_SIZE_DEFAULT = 12;

/** Where a story comes from: the library, or the story generator (a language model, or library sentences). */
export const STORY_ORIGINS = ['library', 'ai', 'practice'] as const;
export type StoryOrigin = (typeof STORY_ORIGINS)[number];

export const PAGE_SIZE_MAX = 48;

/**
 * Stories in the home page's recommended and recently added sections at most; in progress and
 * favorites, the reader's own choices, hold up to PAGE_SIZE_MAX.
 */
export const HOME_SECTION_SIZE = 10;

/** The level recommended for each onboarding proficiency (and for a learner who gave none: other). */
export const LEVEL_FOR_PROFICIENCY: Record<Proficiency, Level> = {
  beginner: 'elementary',
  intermediate: 'intermediate',
  advanced: 'upper-intermediate',
  fluent: 'advanced',
  other: 'pre-intermediate',
};

/** Reading time one progress report may add, in seconds; more is counted as this much. */
export const READING_SECONDS_PER_REPORT_MAX = 600;

/** A malformed id names nothing: the API answers 404 error.not-found, as for an unknown one. */
const id = z.uuid({ error: 'error.not-found' });
export const idParams = z.object({ id });

/** Paged lists: { count, page, page_size, results } with page from 1 (DESIGN §4). */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    results: z.array(item),
  });
}

/** Missing → error.required; present but wrong (a string for a number, 1.5 for a page) → error.invalid-value. */
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'error.required' : 'error.invalid-value';

const choiceOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'error.invalid-value' });

export const storyListQuery = z.object({
  search: z.string().trim().max(100, { error: 'error.invalid-value' }).optional(),
  language: choiceOf(LEARNING_LANGUAGES).optional(),
  genre: choiceOf(GENRES).optional(),
  difficulty: choiceOf(LEVELS).optional(),
  category: choiceOf(CATEGORIES).optional(),
  page: z.coerce
    .number({ error: 'error.invalid-value' })
    .int()
    .min(1, { error: 'error.invalid-value' })
    .default(1),
  page_size: z.coerce
    .number({ error: 'error.invalid-value' })
    .int()
    .min(1, { error: 'error.invalid-value' })
    .max(PAGE_SIZE_MAX, { error: 'error.invalid-value' })
    .default(PAGE_SIZE_DEFAULT),
});
export type StoryListQuery = z.input<typeof storyListQuery>;

/** A story as a card in lists. Titles are in the story's language, with a translation for the reader. */
export const storyCard = z
  .object({
    id: z.string(),
    slug: z.string(),
    language: z.enum(LEARNING_LANGUAGES),
    title: z.string(),
    title_translation: z.string(),
    description: z.string(),
    level: z.enum(LEVELS),
    genre: z.enum(GENRES),
    category: z.enum(CATEGORIES),
    cover_url: z.string(),
    chapters_count: z.number().int(),
    word_count: z.number().int(),
    /** Estimated reading time in minutes (WORDS_PER_MINUTE of the level). */
    duration_minutes: z.number().int(),
    /** Share of the story's pages the reader has completed, 0 to 1. */
    progress: z.number(),
    favorite: z.boolean(),
    /** Readable on every plan; the basic plan reads only free stories. */
    free: z.boolean(),
    /** Not free and the reader's plan is basic: its chapters answer 403 limits.library. */
    locked: z.boolean(),
    /** library, or the reader's own story: ai (written by a language model) or practice (library sentences). */
    origin: z.enum(STORY_ORIGINS),
    created_at: z.string(),
  })
  .meta({ id: 'StoryCard' });
export type StoryCard = z.infer<typeof storyCard>;

export const storyPage = paged(storyCard).meta({ id: 'StoryPage' });
export type StoryPage = z.infer<typeof storyPage>;

/** GET /stories/home/: the four sections of the home page. */
export const storyHome = z
  .object({
    recommended: z.array(storyCard),
    recently_added: z.array(storyCard),
    in_progress: z.array(storyCard),
    favorites: z.array(storyCard),
  })
  .meta({ id: 'StoryHome' });
export type StoryHome = z.infer<typeof storyHome>;

export const chapterSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  title_translation: z.string(),
  pages_count: z.number().int(),
  word_count: z.number().int(),
  duration_minutes: z.number().int(),
  /** Pages of this chapter the reader has completed. */
  pages_completed: z.number().int(),
  finished: z.boolean(),
});
export type ChapterSummary = z.infer<typeof chapterSummary>;

/** GET /stories/{id}/: the story page. `continue_chapter_id` is where "continue" leads. */
export const storyDetail = storyCard
  .extend({
    description_translation: z.string(),
    chapters: z.array(chapterSummary),
    continue_chapter_id: z.string().nullable(),
    continue_page: z.number().int().nullable(),
    finished: z.boolean(),
  })
  .meta({ id: 'StoryDetail' });
export type StoryDetail = z.infer<typeof storyDetail>;

export const readerSentence = z.object({
  text: z.string(),
  /** The sentence in the reader's translation language (see translationLanguageFor). */
  translation: z.string(),
  /** Surface word (lower case) → lemma, where they differ. */
  lemmas: z.record(z.string(), z.string()),
});
export type ReaderSentence = z.infer<typeof readerSentence>;

/** GET /chapters/{id}/: one chapter with its pages, for the reading page. */
export const chapterDetail = z
  .object({
    id: z.string(),
    number: z.number().int(),
    title: z.string(),
    title_translation: z.string(),
    story: z.object({
      id: z.string(),
      title: z.string(),
      language: z.enum(LEARNING_LANGUAGES),
      level: z.enum(LEVELS),
      cover_url: z.string(),
      chapters_count: z.number().int(),
    }),
    translation_language: z.enum(TRANSLATION_LANGUAGES),
    pages: z.array(z.object({ number: z.number().int(), sentences: z.array(readerSentence) })),
    /** The page to open (1-based): the first page not yet completed, or 1 when finished. */
    current_page: z.number().int(),
    pages_completed: z.number().int(),
    finished: z.boolean(),
    previous_chapter_id: z.string().nullable(),
    next_chapter_id: z.string().nullable(),
  })
  .meta({ id: 'ChapterDetail' });
export type ChapterDetail = z.infer<typeof chapterDetail>;

/**
 * POST /chapters/{id}/progress/: the reader completed `page` (1-based; pages before it count as
 * completed too). `finished` marks the chapter done (only with its last page). `reading_seconds`
 * is the time spent since the previous report (counted up to READING_SECONDS_PER_REPORT_MAX),
 * `looked_up` the words tapped (words of the chapter; others are ignored). Progress never goes back.
 */
export const chapterProgressBody = z
  .object({
    page: z.number({ error: requiredOrInvalid }).int().min(1, { error: 'error.invalid-value' }),
    finished: z.boolean({ error: requiredOrInvalid }).default(false),
    reading_seconds: z
      .number({ error: requiredOrInvalid })
      .int()
      .min(0, { error: 'error.invalid-value' })
      .max(3600, { error: 'error.invalid-value' })
      .default(0),
    looked_up: z
      .array(z.string({ error: requiredOrInvalid }).trim().min(1).max(64), { error: requiredOrInvalid })
      .max(200)
      .default([]),
    /** A new id per report: the same report sent again (a retry) adds its reading time once. */
    report_id: z.uuid({ error: 'error.invalid-value' }).optional(),
  })
  .meta({ id: 'ChapterProgressBody' });
export type ChapterProgressBody = z.input<typeof chapterProgressBody>;

export const chapterProgress = z
  .object({
    chapter_id: z.string(),
    pages_completed: z.number().int(),
    finished: z.boolean(),
    story_progress: z.number(),
    story_finished: z.boolean(),
  })
  .meta({ id: 'ChapterProgress' });
export type ChapterProgress = z.infer<typeof chapterProgress>;

/** GET /chapters/{id}/summary/: the finished-chapter page. */
export const chapterReadSummary = z
  .object({
    chapter: chapterSummary,
    story: storyCard,
    words_read: z.number().int(),
    reading_seconds: z.number().int(),
    looked_up: z.array(z.string()),
    next_chapter_id: z.string().nullable(),
    story_finished: z.boolean(),
  })
  .meta({ id: 'ChapterReadSummary' });
export type ChapterReadSummary = z.infer<typeof chapterReadSummary>;

/** PUT /stories/{id}/favorite/ */
export const favoriteBody = z
  .object({ favorite: z.boolean({ error: requiredOrInvalid }) })
  .meta({ id: 'FavoriteBody' });
export const favoriteResponse = z.object({ favorite: z.boolean() }).meta({ id: 'FavoriteResponse' });
