import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { fakeFreeSubscription, fakeSubscription } from '@/testing/fake-billing';
import { renderWithMe } from '@/testing/with-me';
import { ProSuccess } from './pro-success-modal';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));

function land(url: string) {
  renderWithMe(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<ProSuccess />} />
        <Route path="/processing-payment" element={<p>processing page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ProSuccess', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('spins while the subscription is not there, asks again, then welcomes the learner to Pro', async () => {
    let calls = 0;
    const api = fakeApi((request) => {
      if (request.path !== '/api/billing/subscription/') return undefined;
      calls += 1;
      // The first answers fail, as while the payment is still being recorded.
      return calls < 3
        ? { status: 503, body: { message: 'busy', code: 'error.unexpected' } }
        : { body: fakeSubscription() };
    });
    land('/?payment=success');
    expect(screen.getByRole('dialog', { name: 'pro-success.loading' })).toBeTruthy();
    expect(
      await screen.findByRole('dialog', { name: 'pro-success.title {"plan":"Pro"}' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(api.requests.length).toBeGreaterThanOrEqual(3);
  });

  it('sends to /processing-payment when there is no subscription', async () => {
    fakeApi((request) =>
      request.path === '/api/billing/subscription/' ? { body: fakeFreeSubscription() } : undefined,
    );
    land('/?payment=success');
    expect(await screen.findByText('processing page')).toBeTruthy();
  });

  it('shows nothing without payment=success', () => {
    fakeApi(() => undefined);
    land('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
