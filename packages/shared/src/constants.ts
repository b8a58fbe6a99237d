/** Interface languages. Portuguese is the default and the fallback (SPEC §9). */
export const LOCALES = ['pt', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt';

/** Languages a learner can study. */
export const LEARNING_LANGUAGES = ['en', 'es', 'pt'] as const;
export type LearningLanguage = (typeof LEARNING_LANGUAGES)[number];

export const PROFICIENCIES = ['beginner', 'intermediate', 'advanced', 'fluent', 'other'] as const;
export type Proficiency = (typeof PROFICIENCIES)[number];

export const MOTIVATIONS = ['career', 'travel', 'pronunciation', 'listening', 'other'] as const;
export type Motivation = (typeof MOTIVATIONS)[number];

export const LEVELS = [
  'elementary',
  'pre-intermediate',
  'intermediate',
  'upper-intermediate',
  'advanced',
] as const;
export type Level = (typeof LEVELS)[number];

/** SPEC §4's subscription states plus past_due: a renewal failed and is being retried. */
export const SUBSCRIPTION_STATUSES = ['free', 'trial', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Token storage keys in local/session storage (SPEC §3, §9). */
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  country: 'country',
  visitor: 'visitor',
} as const;

/** Attempts in total for a call that answers 401 (SPEC §9). */
export const MAX_REQUEST_ATTEMPTS = 3;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
/** The special characters a password must contain one of (SPEC §5). */
export const PASSWORD_SPECIALS = '!@#$%¨&*()';

/** Longest sentence a word can be explained in, and longest text read aloud, in characters. */
export const SENTENCE_MAX = 1000;
export const TTS_TEXT_MAX = 500;

export const GENRES = [
  'mini-stories',
  'adventure',
  'fantasy',
  'friendship',
  'horror',
  'humor',
  'biography',
  'science-nature',
  'music',
  'culture',
  'poems',
  'gastronomy',
] as const;
export type Genre = (typeof GENRES)[number];

/** Story categories; the home page adds an "all" tab in front of them. */
export const CATEGORIES = ['tales', 'short stories', 'bible', 'fairy tales', 'beginner essentials'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The story generator: chapters of a story, words to practise, and stories a learner may keep. */
export const STORY_GEN_CHAPTERS_MAX = 3;
export const STORY_GEN_WORDS_MAX = 10;
export const STORY_GEN_STORIES_MAX = 50;
/** The known-word share a generated text aims at (i+1: almost every word known). */
export const STORY_GEN_COVERAGE_TARGET = { min: 0.9, max: 0.98 } as const;
