import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { fakeSubscription } from '@/testing/fake-billing';
import { renderWithMe } from '@/testing/with-me';
import { CancelReasonModal } from './cancel-reason-modal';
import { recordOpenedModals } from '@/testing/opened-modals';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));

describe('CancelReasonModal', () => {
  const opened = recordOpenedModals();

  const submit = () =>
    act(async () => fireEvent.click(screen.getByRole('button', { name: 'billing.reason.submit' })));

  it('lists the 11 reasons and requires one before it sends anything', async () => {
    const api = fakeApi(() => undefined);
    renderWithMe(<CancelReasonModal onClose={vi.fn()} />);
    expect(screen.getAllByRole('radio')).toHaveLength(11);
    await submit();
    expect(await screen.findByText('billing.reason-required')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'billing.reason.legend' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(api.requests).toEqual([]);
  });

  it('cancels with the reason and the feedback, then shows the event', async () => {
    const change = { event: 'canceled-subscription', subscription: fakeSubscription({ status: 'canceled' }) };
    const api = fakeApi((request) => (request.method === 'POST' ? { body: change } : undefined));
    renderWithMe(<CancelReasonModal onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: 'billing.reason.too_expensive' }));
    fireEvent.input(screen.getByLabelText('billing.reason.feedback'), { target: { value: '  Too dear  ' } });
    await submit();
    await waitFor(() => expect(opened).toEqual([{ name: 'subscription-event', props: change }]));
    expect(api.sent('POST', '/api/billing/stripe/cancel/')).toEqual([
      { reason: 'too_expensive', feedback: 'Too dear' },
    ]);
  });

  it('leaves the feedback out when empty, and says the request failed when it does', async () => {
    const api = fakeApi((request) =>
      request.method === 'POST'
        ? { status: 500, body: { message: 'boom', code: 'error.unexpected' } }
        : undefined,
    );
    renderWithMe(<CancelReasonModal onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: 'billing.reason.other' }));
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('billing.cancel-failed');
    expect(api.sent('POST', '/api/billing/stripe/cancel/')).toEqual([{ reason: 'other' }]);
    expect(opened).toEqual([]);
  });
});
