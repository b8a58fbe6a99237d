import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  real,
  smallint,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LearningLanguage, PartOfSpeech } from '@lendo/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Sequential public number; the analytics id is this padded to 6 characters. */
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    avatarUrl: text('avatar_url'),
    locale: text('locale').notNull().default('pt'),
    timezone: text('timezone').notNull().default('UTC'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    learningLanguage: text('learning_language'),
    /** Other languages studied besides learning_language (plans that allow several). */
    otherLanguages: text('other_languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    proficiency: text('proficiency'),
    motivation: text('motivation'),
    /** When the address was proven to be the user's (a verified email link or a Google account). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Checkout's billing identity (SPEC §3): full name and CPF (11 digits, no punctuation). */
    /** ISO 3166 alpha-2 country for the country ranking: from the sign-up request, changeable. */
    country: text('country'),
    billingFullname: text('billing_fullname'),
    cpf: text('cpf'),
    /** Set while the account is deactivated; signing in again clears it. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_number_key').on(t.number),
    /** The few deactivated accounts, which the rankings leave out (an index-only look-up). */
    index('users_deactivated_idx')
      .on(t.id)
      .where(sql`${t.deactivatedAt} is not null`),
  ],
);

/** The owning user of a row; rows go with their user when the account is deleted. */
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    /** All tokens descended from one sign-in share a family; reuse of a spent one revokes it. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
});

/** Answers of the language model to GET /ai/word-context/, kept so a question is asked once. */
export const wordContextCache = pgTable('word_context_cache', {
  /** sha256 of (language, word, sentence, target language), normalised. */
  key: text('key').primaryKey(),
  language: text('language').notNull(),
  word: text('word').notNull(),
  sentence: text('sentence').notNull(),
  targetLanguage: text('target_language').notNull(),
  wordTranslation: text('word_translation').notNull(),
  definition: text('definition').notNull(),
  translation: text('translation').notNull(),
  /** The model that answered. */
  model: text('model').notNull(),
  createdAt: createdAt(),
});

/** A text in each of the three languages (en, es, pt). */
export type Localized = Record<LearningLanguage, string>;

/** A word of a library sentence: its lemma and part of speech there, glossed in the other languages. */
export interface StoredWord {
  lemma: string;
  pos: PartOfSpeech;
  glosses: Partial<Record<LearningLanguage, string>>;
}

/** A sentence as stored in a page: its normalised text, translations by language and lemmas. */
export interface StoredSentence {
  text: string;
  translations: Partial<Record<LearningLanguage, string>>;
  /** Surface word (lower case) → lemma, where they differ. */
  lemmas: Record<string, string>;
  /** Each word of the text in order (WORD_PATTERN), with the sense the story's glossary gives it. */
  words: StoredWord[];
}

/**
 * The story library, loaded from packages/content at start-up. Ids derive from the slug, so a
 * changed story is updated in place and readers keep their progress and favorites. A story with
 * an owner is that learner's own (the story generator's): it is never in the library and no one
 * else reads it.
 */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    level: text('level').notNull(),
    genre: text('genre').notNull(),
    category: text('category').notNull(),
    /** Readable on the basic plan; other plans read every story. */
    free: boolean('free').notNull().default(true),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    coverSvg: text('cover_svg').notNull(),
    chaptersCount: integer('chapters_count').notNull(),
    pagesCount: integer('pages_count').notNull(),
    wordCount: integer('word_count').notNull(),
    /** Hash of the story's files (and of the loader's version): unchanged means nothing to write. */
    contentHash: text('content_hash').notNull(),
    /** Titles and descriptions in every language, lower case and without accents, for search. */
    searchText: text('search_text').notNull(),
    /** The title in the story's language, lower case and without accents, for ordering. */
    sortTitle: text('sort_title').notNull(),
    /** When the story was first loaded. */
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the story left the library: hidden, but readers' data is kept should it return. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** The learner whose private story this is (generated for them); null for the library. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** How an owned story was made: ai (a language model) or practice (library sentences). */
    origin: text('origin'),
  },
  (t) => [
    uniqueIndex('stories_slug_key').on(t.slug),
    index('stories_owner_idx')
      .on(t.ownerId, t.createdAt.desc())
      .where(sql`${t.ownerId} is not null`),
    index('stories_language_level_idx').on(t.language, t.level),
    index('stories_genre_idx').on(t.genre),
    index('stories_category_idx').on(t.category),
    index('stories_newest_idx').on(t.createdAt.desc(), t.sortTitle),
  ],
);

export const chapters = pgTable(
  'chapters',
  {
    id: uuid('id').primaryKey(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    /** 1-based position in the story. */
    number: integer('number').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    pagesCount: integer('pages_count').notNull(),
    wordCount: integer('word_count').notNull(),
  },
  (t) => [uniqueIndex('chapters_story_number_key').on(t.storyId, t.number)],
);

export const pages = pgTable(
  'pages',
  {
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    /** 1-based position in the chapter. */
    number: integer('number').notNull(),
    sentences: jsonb('sentences').$type<StoredSentence[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chapterId, t.number] }),
    // Finds the page holding a sentence (sentences @> '[{"text": …}]') for word explanations.
    index('pages_sentences_idx').using('gin', t.sentences.op('jsonb_path_ops')),
  ],
);

export const storyFavorites = pgTable(
  'story_favorites',
  {
    userId: ownerId(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storyId] }), index('story_favorites_story_idx').on(t.storyId)],
);

/** A reader's progress in a chapter. It only moves forward. */
export const chapterProgress = pgTable(
  'chapter_progress',
  {
    userId: ownerId(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    /** The chapter's story, so that a reader's progress per story is one index range. */
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    pagesCompleted: integer('pages_completed').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId] }),
    index('chapter_progress_user_story_idx').on(t.userId, t.storyId),
    index('chapter_progress_chapter_idx').on(t.chapterId),
  ],
);

/** Time spent reading, one row per progress report; the graded reader sums them per local day. */
export const readingSessions = pgTable(
  'reading_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    /** Null once the chapter has left the library; the time read still counts. */
    chapterId: uuid('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    seconds: integer('seconds').notNull(),
    /** The calendar day in the reader's time zone when the time was reported. */
    localDay: date('local_day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reading_sessions_user_day_idx').on(t.userId, t.localDay),
    index('reading_sessions_user_chapter_idx').on(t.userId, t.chapterId),
    index('reading_sessions_chapter_idx').on(t.chapterId),
  ],
);

/** Words a reader looked up while reading a chapter, once each (lower case). */
export const chapterLookups = pgTable(
  'chapter_lookups',
  {
    userId: ownerId(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId, t.word] }),
    index('chapter_lookups_chapter_idx').on(t.chapterId),
  ],
);

/** A pending change of a user's email: the address changes when the link in the mail is opened. */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_change_tokens_hash_key').on(t.tokenHash),
    index('email_change_tokens_user_idx').on(t.userId),
  ],
);

/** Accounts at external identity providers (Google) linked to a user: the "connections". */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    provider: text('provider').notNull(),
    /** The provider's stable subject id. */
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/** An OpenID sign-in in flight: state, nonce and PKCE verifier between start and callback. */
export const oidcStates = pgTable('oidc_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  /** Set when a signed-in user is linking the provider from settings, not signing in. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A learner's deck of flashcards, in one learning language. */
export const decks = pgTable(
  'decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default('student'),
    language: text('language').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('decks_user_language_idx').on(t.userId, t.language, t.createdAt)],
);

/**
 * A flashcard with its FSRS memory state (ts-fsrs Card). state: 0 new, 1 learning, 2 review,
 * 3 relearning.
 */
export const flashcards = pgTable(
  'flashcards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    word: text('word').notNull().default(''),
    front: text('front').notNull(),
    back: text('back').notNull(),
    language: text('language').notNull(),
    /** Lower case, accents removed: word, front and back, for search. */
    searchText: text('search_text').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: real('stability').notNull().default(0),
    difficulty: real('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: smallint('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The review queue: a deck's answered cards by due date, then its new cards in creation order.
    // Each ends with the id the queue breaks ties on, so a page of the queue reads just its rows.
    index('flashcards_deck_due_idx')
      .on(t.deckId, t.due, t.id)
      .where(sql`${t.state} <> 0`),
    index('flashcards_deck_new_idx')
      .on(t.deckId, t.createdAt, t.id)
      .where(sql`${t.state} = 0`),
    index('flashcards_deck_created_idx').on(t.deckId, t.createdAt),
    index('flashcards_user_created_idx').on(t.userId, t.createdAt),
    // Cards due now in all of a learner's decks (the statistics summary).
    index('flashcards_user_due_idx')
      .on(t.userId, t.due)
      .where(sql`${t.state} <> 0`),
  ],
);

/**
 * What a learner knows of each word they met, per language and lemma: learning (looked up or on a
 * card not yet learned), known (marked known, or its card learned) or ignored. A word without a
 * row is new.
 */
export const wordStatuses = pgTable(
  'word_statuses',
  {
    userId: ownerId(),
    language: text('language').notNull(),
    lemma: text('lemma').notNull(),
    status: text('status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.language, t.lemma] }),
    index('word_statuses_user_language_status_idx').on(t.userId, t.language, t.status),
  ],
);

/** Every review answer, kept for the learner's history and for tuning FSRS to them later. */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    /** Null once the card is deleted; its answers stay in the history. */
    flashcardId: uuid('flashcard_id').references(() => flashcards.id, { onDelete: 'set null' }),
    deckId: uuid('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    /** guess (guess-and-show) or qa (typed answer). */
    method: text('method').notNull(),
    /** The typed answer of a Q&A review. */
    answer: text('answer'),
    /** FSRS rating: 1 again, 2 hard, 3 good, 4 easy. */
    rating: smallint('rating').notNull(),
    /** The card's state before this answer. */
    state: smallint('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    /** The calendar day in the learner's time zone, for streaks and the daily new-card cap. */
    localDay: date('local_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('review_logs_user_day_idx').on(t.userId, t.localDay),
    index('review_logs_deck_day_idx').on(t.deckId, t.localDay),
    index('review_logs_flashcard_idx').on(t.flashcardId),
  ],
);

/** Monthly usage of metered features (UTC calendar months), one row per user, month and feature. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: ownerId(),
    /** First day of the UTC month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** flashcards, translations, audio_seconds or ai_sentences. */
    feature: text('feature').notNull(),
    amount: integer('amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.feature] })],
);

/** Plans (SPEC §3): basic, pro and premium, monthly and yearly; seeded at start-up. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey(),
    tier: text('tier').notNull(),
    interval: text('interval').notNull(),
    name: text('name').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
  },
  (t) => [uniqueIndex('plans_tier_interval_key').on(t.tier, t.interval)],
);

/** A plan's price in one currency, in minor units; seeded at start-up. */
export const prices = pgTable(
  'prices',
  {
    id: uuid('id').primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [uniqueIndex('prices_plan_currency_key').on(t.planId, t.currency)],
);

/** The learner as a customer of the payment provider. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_customers_customer_key').on(t.provider, t.customerId)],
);

/**
 * Our record of a subscription at the provider, kept up to date from its answers and events.
 * status: trial, active, past_due or canceled (SPEC §4 plus past_due).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    priceId: uuid('price_id')
      .notNull()
      .references(() => prices.id),
    status: text('status').notNull(),
    trialEndAt: timestamp('trial_end_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** When a canceled subscription stops (or stopped) giving access. */
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Percentage off the next invoice, while a retention discount waits to be used. */
    nextDiscountPercent: integer('next_discount_percent'),
    trialExtended: boolean('trial_extended').notNull().default(false),
    discountUsed: boolean('discount_used').notNull().default(false),
    cancelReason: text('cancel_reason'),
    cancelFeedback: text('cancel_feedback'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_key').on(t.provider, t.providerId),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Cards saved at the provider: only what is shown (brand, last 4, expiry, holder), never the number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId, t.createdAt)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    providerId: text('provider_id').notNull(),
    priceId: uuid('price_id').references(() => prices.id),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    /** paid, open, failed or void. */
    status: text('status').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_provider_id_key').on(t.providerId),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
  ],
);

/** Provider events already handled (webhooks are delivered at least once). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** Answers of calls made with an Idempotency-Key: a retry gets the first answer (DESIGN §4). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownerId(),
    key: text('key').notNull(),
    /** What was asked, so the same key cannot be reused for another request. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** The introductory offer each learner is shown once, counting down to its expiry. */
export const offers = pgTable('offers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  promotionCodeId: text('promotion_code_id').notNull(),
  code: text('code').notNull(),
  percentOff: integer('percent_off').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * The sandbox processor's own store (the embedded default's stand-in for Stripe): customers, setup
 * intents, payment methods, subscriptions, invoices and promotion codes as JSON objects.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    customerId: text('customer_id'),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_objects_type_customer_idx').on(t.type, t.customerId)],
);

/**
 * Points, one row per domain event (DESIGN §5): a page, chapter or story completed, a flashcard or
 * deck created, a deck reviewed, a word learned, a minute read. `key` names the event (e.g.
 * `page:<chapter>:<n>`), so one event pays once however often its request is retried.
 * Append-only. The `remembered` board's rows score reviews answered right after a day or more.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    /** points or remembered. */
    board: text('board').notNull(),
    /** page, chapter, story, flashcard, deck, deck_review, word_learned, reading, remembered. */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    points: integer('points').notNull(),
    /** The calendar day in the learner's time zone when it was earned (daily challenges). */
    localDay: date('local_day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('points_ledger_user_key').on(t.userId, t.key),
    index('points_ledger_user_day_idx').on(t.userId, t.localDay, t.kind),
  ],
);

/**
 * A learner's points per board and period ("all" or the Monday, UTC, a week starts on), kept with
 * each ledger row in the same transaction; rankings read it. Country and level are copied from the
 * learner so each ranking is one index range.
 */
export const pointsTotals = pgTable(
  'points_totals',
  {
    userId: ownerId(),
    board: text('board').notNull(),
    period: text('period').notNull(),
    points: integer('points').notNull(),
    country: text('country'),
    /** The learner's level from all-time points (elementary … advanced). */
    level: text('level').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.board, t.period] }),
    // One range per standing, best first and in the rankings' order within a tie: the top 100, the
    // neighbours and the points spread are index-only reads of it.
    index('points_totals_world_rank_idx').on(t.board, t.period, t.points.desc().nullsFirst(), t.userId),
    index('points_totals_country_rank_idx').on(
      t.board,
      t.period,
      t.country,
      t.points.desc().nullsFirst(),
      t.userId,
    ),
    index('points_totals_level_rank_idx').on(
      t.board,
      t.period,
      t.level,
      t.points.desc().nullsFirst(),
      t.userId,
    ),
  ],
);

/** A learner's three challenges of a local day, drawn lazily when the day is first asked for. */
export const dailyChallenges = pgTable(
  'daily_challenges',
  {
    userId: ownerId(),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    /** 0, 1, 2. */
    slot: smallint('slot').notNull(),
    /** One of the eight DAILY_CHALLENGE_TYPES. */
    type: text('type').notNull(),
    target: integer('target').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.localDay, t.slot] }),
    index('daily_challenges_user_completed_idx').on(t.userId, t.completedAt),
  ],
);

/** A learner's comprehension check of a chapter: passed once two of its three answers are right. */
export const comprehensionResults = pgTable(
  'comprehension_results',
  {
    userId: ownerId(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull(),
    bestScore: smallint('best_score').notNull(),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId] }),
    index('comprehension_results_user_story_idx').on(t.userId, t.storyId),
  ],
);

/**
 * What the graded reader has to tell a learner once: a challenge completed, a level reached, the
 * streak continued or broken. The web shows each as its modal and marks it seen.
 */
export const gradedReaderNotices = pgTable(
  'graded_reader_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    /** challenge, level_up or streak. */
    kind: text('kind').notNull(),
    /** Unique per learner: e.g. `challenge:2026-11-25:0`, `level:intermediate`, `streak:2026-11-25`. */
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('graded_reader_notices_user_key').on(t.userId, t.key),
    index('graded_reader_notices_unseen_idx').on(t.userId, t.seenAt),
  ],
);

/**
 * Page views and key events (DESIGN §5), the default sink of the analytics module. A learner's
 * events carry their analytics id (public number padded to 6) and go with their account.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    analyticsId: text('analytics_id'),
    visitor: text('visitor').notNull(),
    name: text('name').notNull(),
    path: text('path'),
    properties: jsonb('properties').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
    index('analytics_events_user_idx').on(t.userId),
  ],
);
