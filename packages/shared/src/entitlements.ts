import { z } from 'zod';
import { choice } from './auth.ts';

/**
 * Plans and what they allow (SPEC §6). One table decides every gated feature; the API enforces
 * it and the web asks GET /billing/feature-access/ before offering a gated action.
 */
export const PLAN_TIERS = ['basic', 'pro', 'premium'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** Metered features, counted per UTC calendar month in the database. */
export const METERS = ['flashcards', 'translations', 'audio_seconds', 'ai_sentences'] as const;
export type Meter = (typeof METERS)[number];

export interface Allowance {
  /** Monthly allowance per meter; null means unlimited. */
  monthly: Record<Meter, number | null>;
  /** Decks a learner may own at once; null means unlimited. */
  decks: number | null;
  /** Every story of the library; without it only the free ones (the others show locked). */
  fullLibrary: boolean;
  gradedReader: boolean;
  /** Languages studied at once; null means as many as there are. */
  studyLanguages: number | null;
}

const UNLIMITED = null;

export const PLAN_ALLOWANCES: Record<PlanTier, Allowance> = {
  basic: {
    monthly: { flashcards: 100, translations: 100, audio_seconds: 60 * 60, ai_sentences: 0 },
    decks: 5,
    fullLibrary: false,
    gradedReader: false,
    studyLanguages: 1,
  },
  pro: {
    monthly: { flashcards: UNLIMITED, translations: 500, audio_seconds: 60 * 60, ai_sentences: 50 },
    decks: UNLIMITED,
    fullLibrary: true,
    gradedReader: true,
    studyLanguages: 1,
  },
  premium: {
    monthly: {
      flashcards: UNLIMITED,
      translations: UNLIMITED,
      audio_seconds: UNLIMITED,
      ai_sentences: UNLIMITED,
    },
    decks: UNLIMITED,
    fullLibrary: true,
    gradedReader: true,
    studyLanguages: UNLIMITED,
  },
};

/** Features the web may ask about (GET /billing/feature-access/?feature=…). */
export const FEATURES = [
  'create_flashcard',
  'create_deck',
  'translation',
  'audio',
  'ai_sentence',
  'graded_reader',
] as const;
export type Feature = (typeof FEATURES)[number];

export const featureAccessQuery = z.object({ feature: choice(FEATURES) });
export type FeatureAccessQuery = z.infer<typeof featureAccessQuery>;

export const featureAccess = z.object({ has_access: z.boolean() }).meta({ id: 'FeatureAccess' });
export type FeatureAccess = z.infer<typeof featureAccess>;

/** GET /billing/usage/: the plan and this month's use of each meter against its allowance. */
export const usageSummary = z
  .object({
    plan: z.enum(PLAN_TIERS),
    /** First day of the counted UTC month (YYYY-MM-DD). */
    month: z.string(),
    meters: z.array(
      z.object({ meter: z.enum(METERS), used: z.number().int(), limit: z.number().int().nullable() }),
    ),
    decks: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
  })
  .meta({ id: 'UsageSummary' });
export type UsageSummary = z.infer<typeof usageSummary>;
