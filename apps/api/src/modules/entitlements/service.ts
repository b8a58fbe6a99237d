import {
  METERS,
  PLAN_ALLOWANCES,
  type ErrorCode,
  type Feature,
  type Meter,
  type Allowance,
  type PlanTier,
  type UsageSummary,
} from '@lendo/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { entitlementsRepository as usage } from './repository.ts';

export interface EntitlementsDeps {
  db: Db;
  clock: Clock;
  /** The plan the learner has now (billing knows it from their subscription). */
  planOf(userId: string): Promise<PlanTier>;
}

/** The error a learner gets when a meter of their plan is used up this month. */
const LIMIT_CODES: Record<Meter, ErrorCode> = {
  flashcards: 'limits.flashcards',
  translations: 'limits.translations',
  audio_seconds: 'limits.audio',
  ai_sentences: 'limits.ai-sentences',
};

/** Features that are a monthly meter: access means some of it is left this month. */
const FEATURE_METERS: Partial<Record<Feature, Meter>> = {
  create_flashcard: 'flashcards',
  translation: 'translations',
  audio: 'audio_seconds',
  ai_sentence: 'ai_sentences',
};

const limitReached = (code: ErrorCode) => new AppError(403, code);

/** The first day (YYYY-MM-DD) of the UTC calendar month `at` falls in: the key of the usage counters. */
export function usageMonth(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/**
 * What each learner's plan allows and how much of it they used: the one place that reads
 * PLAN_ALLOWANCES and the usage_counters table. Monthly meters count per UTC calendar month.
 */
export function createEntitlementsService({ db, clock, planOf }: EntitlementsDeps) {
  const allowanceOf = async (userId: string) => PLAN_ALLOWANCES[await planOf(userId)];
  const month = () => usageMonth(clock.now());

  async function hasLeft(userId: string, meter: Meter) {
    const limit = (await allowanceOf(userId)).monthly[meter];
    return limit === null || (await usage.used(db, userId, month(), meter)) < limit;
  }

  /**
   * Reserves up to `wanted` of a meter before work whose amount is known only after it: as much
   * as this month has left, refusing (403 limits.*) when that is under `least`. Returns what was
   * reserved (`wanted` on an unlimited plan); give back what the work did not use with release.
   */
  async function reserve(userId: string, meter: Meter, wanted: number, least: number): Promise<number> {
    const limit = (await allowanceOf(userId)).monthly[meter];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const left = limit === null ? wanted : limit - (await usage.used(db, userId, month(), meter));
      const granted = Math.min(wanted, left);
      if (granted < least || granted <= 0) break;
      if (await usage.add(db, userId, month(), meter, granted, limit)) return granted;
    }
    throw limitReached(LIMIT_CODES[meter]);
  }

  /** Gives back what a reservation did not use. */
  async function release(userId: string, meter: Meter, amount: number) {
    if (amount > 0) await usage.add(db, userId, month(), meter, -amount, null);
  }

  return {
    planOf,

    /**
     * What the learner's plan allows. Read it before a transaction that checks an allowance
     * (consume, ensureDeckAllowed): finding the plan may query and so must not wait on that
     * transaction's connection.
     */
    allowanceOf,

    /** Whether the learner may use a feature now (GET /billing/feature-access/). */
    async hasAccess(userId: string, feature: Feature): Promise<boolean> {
      const meter = FEATURE_METERS[feature];
      if (meter) return hasLeft(userId, meter);
      const allowance = await allowanceOf(userId);
      if (feature === 'create_deck') {
        return allowance.decks === null || (await usage.deckCount(db, userId)) < allowance.decks;
      }
      return allowance.gradedReader;
    },

    async usage(userId: string): Promise<UsageSummary> {
      const plan = await planOf(userId);
      const allowance = PLAN_ALLOWANCES[plan];
      const [used, decks] = await Promise.all([
        usage.usage(db, userId, month()),
        usage.deckCount(db, userId),
      ]);
      return {
        plan,
        month: month(),
        meters: METERS.map((meter) => ({
          meter,
          used: used.get(meter) ?? 0,
          limit: allowance.monthly[meter],
        })),
        decks: { used: decks, limit: allowance.decks },
      };
    },

    /**
     * Check and consume in one statement, inside the caller's transaction: counts `amount` of a
     * meter when the allowance has room for it, otherwise refuses with 403 limits.* (and the
     * caller's transaction, rolled back, creates nothing).
     */
    async consume(tx: Executor, allowance: Allowance, userId: string, meter: Meter, amount = 1) {
      const limit = allowance.monthly[meter];
      if (!(await usage.add(tx, userId, month(), meter, amount, limit)))
        throw limitReached(LIMIT_CODES[meter]);
    },

    /**
     * Refuses with 403 limits.decks when the learner owns as many decks as the plan allows. Call it
     * in the transaction that creates the deck, after locking the user, so two creations cannot
     * both pass.
     */
    async ensureDeckAllowed(tx: Executor, allowance: Allowance, userId: string) {
      const limit = allowance.decks;
      if (limit !== null && (await usage.deckCount(tx, userId)) >= limit) throw limitReached('limits.decks');
    },

    reserve,
    release,

    /**
     * Runs metered work without ever passing the allowance, however many requests come at once:
     * reserves `estimate` of the meter (what is left, at least 1; 403 limits.* when nothing is)
     * in one conditional update, does the work, then gives back what it did not use, or takes the
     * rest when it used more, refusing (and giving all back) if that would pass the limit.
     * A failed work gives its reservation back.
     */
    async metered<T>(
      userId: string,
      meter: Meter,
      work: () => Promise<T>,
      amountOf: (result: T) => number = () => 1,
      estimate = 1,
    ): Promise<T> {
      const limit = (await allowanceOf(userId)).monthly[meter];
      const reserved = await reserve(userId, meter, Math.max(1, estimate), 1);
      let result: T;
      try {
        result = await work();
      } catch (err) {
        await release(userId, meter, reserved);
        throw err;
      }
      const used = amountOf(result);
      if (used < reserved) {
        await release(userId, meter, reserved - used);
      } else if (used > reserved && !(await usage.add(db, userId, month(), meter, used - reserved, limit))) {
        await release(userId, meter, reserved);
        throw limitReached(LIMIT_CODES[meter]);
      }
      return result;
    },
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
