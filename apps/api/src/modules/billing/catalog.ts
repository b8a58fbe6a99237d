import {
  BILLING_INTERVALS,
  PLAN_TIERS,
  TRIAL_DAYS,
  type BillingInterval,
  type Currency,
  type PlanTier,
} from '@lendo/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans, prices } from '../../db/schema.ts';
import { uuidV5 } from '../stories/ids.ts';

const BILLING_NAMESPACE = '9b2e7c4a-5d1f-4e8b-a3c6-0f7d2e9b4a18';

/** Ids derive from the plan and currency: the same on every instance and every start. */
export const planIdFor = (tier: PlanTier, interval: BillingInterval) =>
  uuidV5(BILLING_NAMESPACE, `plan/${tier}/${interval}`);
export const priceIdFor = (tier: PlanTier, interval: BillingInterval, currency: Currency) =>
  uuidV5(BILLING_NAMESPACE, `price/${tier}/${interval}/${currency}`);

export const PLAN_NAMES: Record<PlanTier, string> = { basic: 'Basic', pro: 'Pro', premium: 'Premium' };

/** Prices in minor units: BRL for Brazil, USD elsewhere. A year costs ten months. */
const MONTHLY: Record<PlanTier, Record<Currency, number>> = {
  basic: { BRL: 0, USD: 0 },
  pro: { BRL: 2990, USD: 599 },
  premium: { BRL: 4990, USD: 999 },
};
const YEARLY: Record<PlanTier, Record<Currency, number>> = {
  basic: { BRL: 0, USD: 0 },
  pro: { BRL: 29900, USD: 5990 },
  premium: { BRL: 49900, USD: 9990 },
};

/** The plan catalogue: every tier × interval with its prices. */
export function catalog() {
  return PLAN_TIERS.flatMap((tier) =>
    BILLING_INTERVALS.map((interval) => ({
      id: planIdFor(tier, interval),
      tier,
      interval,
      name: PLAN_NAMES[tier],
      trialDays: tier === 'basic' ? 0 : TRIAL_DAYS,
      prices: (['BRL', 'USD'] as const).map((currency) => ({
        id: priceIdFor(tier, interval, currency),
        currency,
        amount: (interval === 'monthly' ? MONTHLY : YEARLY)[tier][currency],
      })),
    })),
  );
}

/** Writes the catalogue into the database; safe to run at every start and on every instance. */
export async function seedCatalog(db: Db): Promise<void> {
  const entries = catalog();
  await db
    .insert(plans)
    .values(entries.map(({ prices: _, ...plan }) => plan))
    .onConflictDoUpdate({
      target: plans.id,
      set: { name: sql`excluded.name`, trialDays: sql`excluded.trial_days` },
    });
  await db
    .insert(prices)
    .values(entries.flatMap((plan) => plan.prices.map((price) => ({ ...price, planId: plan.id }))))
    .onConflictDoUpdate({ target: prices.id, set: { amount: sql`excluded.amount` } });
}
