import type { BillingInterval, PlanTier, Subscription } from '@lendo/shared';
import { formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The plan's name in the interface language: "Basic (free)", "Pro", "Premium". */
export const planName = (t: Translate, tier: PlanTier) => t(`settings.plan.${tier}`);

/** "R$ 29,90 per month", "$99.90 per year". */
export function pricePerPeriod(
  t: Translate,
  locale: string,
  amount: number,
  currency: string,
  interval: BillingInterval,
): string {
  return t(`billing.price-per.${interval}`, { price: formatMoney(amount, currency, locale) });
}

/** A date of the subscription, written in full, or an empty string when it has none. */
export const dayOf = (iso: string | null | undefined, locale: string) => (iso ? formatDay(iso, locale) : '');

/** When the next payment falls due: the end of the trial or of the paid period. */
export const nextPaymentAt = (subscription: Subscription) =>
  subscription.status === 'trial'
    ? (subscription.trial_end_at ?? subscription.current_period_end)
    : (subscription.current_period_end ?? subscription.trial_end_at);
