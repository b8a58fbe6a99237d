import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForModals, type ModalRequest } from '@/lib/modals';
import { fakeFreeSubscription, fakeSubscription } from '@/testing/fake-billing';
import { renderWithMe } from '@/testing/with-me';
import { PlanSection } from './plan-section';

/** Texts show their key and values, so the dates they carry can be checked. */
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));

const renderPlan = (subscription = fakeSubscription()) =>
  renderWithMe(
    <MemoryRouter>
      <PlanSection subscription={subscription} />
    </MemoryRouter>,
  );

describe('PlanSection', () => {
  const opened: ModalRequest[] = [];
  let stopListening = () => {};
  beforeEach(() => {
    opened.length = 0;
    stopListening = listenForModals(
      (request) => opened.push(request),
      () => {},
    );
  });
  afterEach(() => {
    stopListening();
    cleanup();
  });

  it('shows a trial: plan, badge, price per month, trial end, card, and its actions', () => {
    renderPlan(fakeSubscription({ trial_end_at: '2026-03-08T15:00:00.000Z' }));
    expect(screen.getByText('settings.plan.pro')).toBeTruthy();
    expect(screen.getByText('settings.status.trial')).toBeTruthy();
    expect(screen.getByText('$9.99')).toBeTruthy();
    expect(screen.getByText('settings.subscription.per.monthly')).toBeTruthy();
    expect(screen.getByText('settings.subscription.trial-ends {"date":"March 8, 2026"}')).toBeTruthy();
    expect(screen.getByText('Visa •••• 4242')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'settings.plan.more' }).getAttribute('href')).toBe('/plans');
    expect(screen.queryByRole('button', { name: 'billing.reactivate' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'settings.subscription.cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'settings.subscription.change-to-annual' }));
    expect(opened.map((request) => request.name)).toEqual(['cancel-options', 'change-to-annual']);
  });

  it('shows the renewal date of an active plan', () => {
    renderPlan(
      fakeSubscription({
        status: 'active',
        trial_end_at: null,
        current_period_end: '2026-04-02T15:00:00.000Z',
      }),
    );
    expect(screen.getByText('settings.status.active')).toBeTruthy();
    expect(screen.getByText('settings.subscription.renews {"date":"April 2, 2026"}')).toBeTruthy();
  });

  it('shows "valid until" and Reactivate for a canceled plan, and no cancel', () => {
    renderPlan(
      fakeSubscription({
        status: 'canceled',
        cancel_at: '2026-04-02T15:00:00.000Z',
        can_reactivate: true,
      }),
    );
    expect(screen.getByText('settings.status.canceled')).toBeTruthy();
    expect(screen.getByText('settings.subscription.valid-until {"date":"April 2, 2026"}')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'billing.reactivate' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'settings.subscription.cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'settings.subscription.change-to-annual' })).toBeNull();
  });

  it('warns when the last payment failed', () => {
    renderPlan(fakeSubscription({ status: 'past_due' }));
    expect(screen.getByRole('alert').textContent).toContain('settings.subscription.past-due');
    expect(screen.getByText('settings.status.past_due')).toBeTruthy();
  });

  it('shows Basic with an upgrade call to action on the free plan', () => {
    renderPlan(fakeFreeSubscription());
    expect(screen.getByText('settings.plan.basic')).toBeTruthy();
    expect(screen.queryByText(/settings\.status\./)).toBeNull();
    expect(screen.getByRole('link', { name: 'settings.subscription.upgrade' }).getAttribute('href')).toBe(
      '/plans',
    );
    expect(screen.queryByRole('button', { name: 'settings.subscription.cancel' })).toBeNull();
  });
});
