import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { fakePlanOffer } from '@/testing/fake-billing';
import { OfferModal } from './offer-modal';
import { timeLeft } from '@/lib/countdown';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));

const NOW = new Date('2026-11-24T12:00:00Z').getTime();
const proMonthly = fakePlanOffer();

function open(coupon: unknown) {
  fakeApi((request) => {
    if (request.path === '/api/billing/stripe/offer-discount/') return { body: coupon };
    if (request.path === '/api/billing/plans/') return { body: [proMonthly] };
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OfferModal reason="graded-reader-modal" onClose={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('timeLeft', () => {
  it('splits what is left into hours, minutes and seconds, never below zero', () => {
    expect(timeLeft('2026-11-26T11:59:59Z', NOW)).toEqual({ hours: 47, minutes: 59, seconds: 59 });
    expect(timeLeft('2026-11-24T11:00:00Z', NOW)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('OfferModal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    localStorage.setItem('country', 'US');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('counts down every second to the coupon’s expiry and claims it at checkout of the monthly pro plan', async () => {
    open({ code: 'WELCOME-X', percent_off: 20, expires_at: '2026-11-24T13:00:05Z', is_expired: false });
    const timer = await screen.findByRole('timer');
    expect(timer.getAttribute('aria-label')).toBe('offer.time-left {"time":"01:00:05"}');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(timer.getAttribute('aria-label')).toBe('offer.time-left {"time":"01:00:03"}');
    expect(screen.getByRole('link', { name: 'offer.claim' }).getAttribute('href')).toBe(
      `/checkout/${proMonthly.plan.id}?coupon=WELCOME-X`,
    );
  });

  it('drops the coupon when the countdown reaches zero', async () => {
    open({ code: 'WELCOME-X', percent_off: 20, expires_at: '2026-11-24T12:00:02Z', is_expired: false });
    await screen.findByRole('timer');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('link', { name: 'offer.claim' })).toBeNull();
    expect(screen.getByRole('link', { name: 'modal.offer.see-plans' })).toBeTruthy();
  });

  it('shows only the plans when there is no offer', async () => {
    open(null);
    expect(await screen.findByRole('link', { name: 'modal.offer.see-plans' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
