import type { Subscription, SubscriptionStatus } from '@lendo/shared';
import type { BadgeTone } from '@/components/badge';

/** The status badge's colour per state. */
export const STATUS_TONES: Record<SubscriptionStatus, BadgeTone> = {
  free: 'muted',
  trial: 'brand',
  active: 'success',
  past_due: 'danger',
  canceled: 'muted',
};

/** What the plan card says about dates: which text, with which date (ISO), if any. */
export interface SubscriptionDateLine {
  key:
    | 'settings.subscription.trial-ends'
    | 'settings.subscription.renews'
    | 'settings.subscription.valid-until'
    | 'settings.subscription.ended'
    | 'settings.subscription.past-due';
  date: string | null;
}

/** Whether the learner is on a paid plan (or its trial) that still gives its features. */
export const isPaidPlan = (subscription: Subscription) =>
  subscription.status !== 'free' && subscription.has_access && subscription.plan.tier !== 'basic';

/**
 * The date line of the plan card (SPEC §2 "renewal, valid until, trial end"): a trial ends on its
 * trial end; a plan that will not renew is valid until cancel_at; a renewing plan renews at the
 * end of its period; a failed renewal is being retried. Null for the free plan.
 */
export function subscriptionDateLine(subscription: Subscription): SubscriptionDateLine | null {
  const { status, cancel_at, trial_end_at, current_period_end } = subscription;
  if (status === 'free') return null;
  if (status === 'past_due') return { key: 'settings.subscription.past-due', date: null };
  if (status === 'canceled' || cancel_at) {
    if (subscription.has_access && cancel_at)
      return { key: 'settings.subscription.valid-until', date: cancel_at };
    return { key: 'settings.subscription.ended', date: cancel_at ?? current_period_end };
  }
  if (status === 'trial') return { key: 'settings.subscription.trial-ends', date: trial_end_at };
  return { key: 'settings.subscription.renews', date: current_period_end };
}

/** What the learner may do with the subscription from the settings page. */
export function subscriptionActions(subscription: Subscription) {
  const live = ['trial', 'active', 'past_due'].includes(subscription.status) && !subscription.cancel_at;
  return {
    changeToAnnual:
      live &&
      subscription.status !== 'past_due' &&
      subscription.plan.interval === 'monthly' &&
      subscription.annual_price_id !== null,
    cancel: live,
    reactivate: subscription.can_reactivate,
  };
}
