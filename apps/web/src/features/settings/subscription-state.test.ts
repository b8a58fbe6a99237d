import { describe, expect, it } from 'vitest';
import { fakeFreeSubscription, fakeSubscription } from '@/testing/fake-billing';
import { subscriptionActions, subscriptionDateLine } from './subscription-state';

describe('subscriptionDateLine', () => {
  it('says nothing of dates on the free plan', () => {
    expect(subscriptionDateLine(fakeFreeSubscription())).toBeNull();
  });

  it('gives the trial end during a trial', () => {
    expect(subscriptionDateLine(fakeSubscription({ trial_end_at: '2026-03-15T10:00:00.000Z' }))).toEqual({
      key: 'settings.subscription.trial-ends',
      date: '2026-03-15T10:00:00.000Z',
    });
  });

  it('gives the renewal date of an active plan', () => {
    const active = fakeSubscription({
      status: 'active',
      trial_end_at: null,
      current_period_end: '2026-04-01T00:00:00.000Z',
    });
    expect(subscriptionDateLine(active)).toEqual({
      key: 'settings.subscription.renews',
      date: '2026-04-01T00:00:00.000Z',
    });
  });

  it('gives "valid until" cancel_at for a canceled plan that still gives access', () => {
    const canceled = fakeSubscription({
      status: 'canceled',
      cancel_at: '2026-04-01T00:00:00.000Z',
      can_reactivate: true,
    });
    expect(subscriptionDateLine(canceled)).toEqual({
      key: 'settings.subscription.valid-until',
      date: '2026-04-01T00:00:00.000Z',
    });
  });

  it('says an ended plan has ended', () => {
    const ended = fakeSubscription({ status: 'canceled', has_access: false, cancel_at: null });
    expect(subscriptionDateLine(ended)?.key).toBe('settings.subscription.ended');
  });

  it('warns of a failed payment', () => {
    expect(subscriptionDateLine(fakeSubscription({ status: 'past_due' }))?.key).toBe(
      'settings.subscription.past-due',
    );
  });
});

describe('subscriptionActions', () => {
  it('offers annual billing only on a monthly plan with a yearly price', () => {
    expect(subscriptionActions(fakeSubscription()).changeToAnnual).toBe(true);
    expect(subscriptionActions(fakeSubscription({ annual_price_id: null })).changeToAnnual).toBe(false);
    const yearly = fakeSubscription();
    yearly.plan = { ...yearly.plan, interval: 'yearly' };
    expect(subscriptionActions(yearly).changeToAnnual).toBe(false);
  });

  it('cancels a live plan, reactivates one that can be', () => {
    expect(subscriptionActions(fakeSubscription({ status: 'active' }))).toMatchObject({
      cancel: true,
      reactivate: false,
    });
    const canceled = fakeSubscription({
      status: 'canceled',
      cancel_at: '2026-04-01T00:00:00.000Z',
      can_reactivate: true,
    });
    expect(subscriptionActions(canceled)).toEqual({ changeToAnnual: false, cancel: false, reactivate: true });
    expect(subscriptionActions(fakeFreeSubscription())).toEqual({
      changeToAnnual: false,
      cancel: false,
      reactivate: false,
    });
  });
});
