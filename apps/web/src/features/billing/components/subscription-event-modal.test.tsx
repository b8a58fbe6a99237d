import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { fakeSubscription } from '@/testing/fake-billing';
import { renderWithMe } from '@/testing/with-me';
import { SubscriptionEventModal } from './subscription-event-modal';
import { recordOpenedModals } from '@/testing/opened-modals';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const canceled = fakeSubscription({
  status: 'canceled',
  trial_end_at: null,
  current_period_end: '2026-04-02T15:00:00.000Z',
  cancel_at: '2026-04-02T15:00:00.000Z',
  can_reactivate: true,
});

describe('SubscriptionEventModal', () => {
  const opened = recordOpenedModals();

  it('says until when a trial is extended', () => {
    fakeApi(() => undefined);
    renderWithMe(
      <SubscriptionEventModal
        event="trial-extended"
        subscription={fakeSubscription({ trial_end_at: '2026-03-15T15:00:00.000Z' })}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('dialog').textContent).toContain('"date":"March 15, 2026"');
    expect(screen.queryByRole('button', { name: 'billing.reactivate' })).toBeNull();
  });

  it('after a paid plan is canceled, "Reactivate" closes it and then reactivates', async () => {
    const reactivated = { event: 'reactivated', subscription: fakeSubscription({ status: 'active' }) };
    const api = fakeApi((request) =>
      request.method === 'POST' && request.path === '/api/billing/stripe/reactivate/'
        ? { body: reactivated }
        : { body: {} },
    );
    const onClose = vi.fn();
    renderWithMe(
      <SubscriptionEventModal event="canceled-subscription" subscription={canceled} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog').textContent).toContain('"date":"April 2, 2026"');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'billing.reactivate' })));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(opened).toEqual([{ name: 'subscription-event', props: reactivated }]));
    expect(api.sent('POST', '/api/billing/stripe/reactivate/')).toEqual([{}]);
  });

  it('closing it any other way does not reactivate', () => {
    const api = fakeApi(() => undefined);
    const onClose = vi.fn();
    renderWithMe(
      <SubscriptionEventModal event="canceled-subscription" subscription={canceled} onClose={onClose} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'billing.event.done' }));
    expect(onClose).toHaveBeenCalled();
    expect(api.requests).toEqual([]);
  });

  it('tells why a reactivation was refused', async () => {
    fakeApi(() => ({
      status: 409,
      body: { message: 'no', code: 'billing.cannot-reactivate' },
    }));
    renderWithMe(
      <SubscriptionEventModal event="canceled-subscription" subscription={canceled} onClose={vi.fn()} />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'billing.reactivate' })));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('billing.cannot-reactivate'));
    expect(opened).toEqual([]);
  });
});
