import type { CancelOptions } from '@lendo/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { fakePlanOffer, fakeSubscription } from '@/testing/fake-billing';
import { renderWithMe } from '@/testing/with-me';
import { CancelOptionsModal, offersFor } from './cancel-options-modal';
import { recordOpenedModals } from '@/testing/opened-modals';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const OFFER_TITLES = [
  'billing.cancel.trial.title',
  'billing.cancel.discount.title',
  'billing.cancel.downgrade.title',
];

describe('offersFor', () => {
  it('offers what the API allows, in the order of SPEC §4', () => {
    expect(offersFor({ can_extend_trial: true, can_receive_discount: true, downgrade: null })).toEqual([
      'trial',
      'discount',
    ]);
    expect(
      offersFor({ can_extend_trial: false, can_receive_discount: true, downgrade: fakePlanOffer() }),
    ).toEqual(['discount', 'downgrade']);
    expect(offersFor({ can_extend_trial: false, can_receive_discount: false, downgrade: null })).toEqual([]);
  });
});

describe('CancelOptionsModal', () => {
  const opened = recordOpenedModals();

  function open(options: CancelOptions, cancelReply?: { status?: number; body?: unknown }) {
    const api = fakeApi((request) => {
      if (request.method === 'GET' && request.path === '/api/billing/stripe/cancel/')
        return { body: options };
      if (request.method === 'POST' && request.path === '/api/billing/stripe/cancel/') return cancelReply;
      return undefined;
    });
    renderWithMe(<CancelOptionsModal subscription={fakeSubscription()} onClose={vi.fn()} />);
    return api;
  }

  const shownOffers = () =>
    OFFER_TITLES.filter((title) => screen.queryByRole('heading', { name: title }) !== null);

  it.each([
    [
      { can_extend_trial: true, can_receive_discount: false, downgrade: null },
      ['billing.cancel.trial.title'],
    ],
    [
      { can_extend_trial: false, can_receive_discount: true, downgrade: null },
      ['billing.cancel.discount.title'],
    ],
    [
      { can_extend_trial: true, can_receive_discount: true, downgrade: null },
      ['billing.cancel.trial.title', 'billing.cancel.discount.title'],
    ],
    [
      { can_extend_trial: false, can_receive_discount: false, downgrade: fakePlanOffer() },
      ['billing.cancel.downgrade.title'],
    ],
    [{ can_extend_trial: false, can_receive_discount: false, downgrade: null }, []],
  ])('shows only the offers the API allows (%o)', async (options, expected) => {
    open(options);
    await screen.findByRole('button', { name: 'billing.cancel.anyway' });
    expect(shownOffers()).toEqual(expected);
  });

  it('extends the trial and shows what happened', async () => {
    const change = { event: 'trial-extended', subscription: fakeSubscription() };
    const api = open(
      { can_extend_trial: true, can_receive_discount: true, downgrade: null },
      { body: change },
    );
    const action = await screen.findByRole('button', { name: 'billing.cancel.trial.action' });
    await act(async () => fireEvent.click(action));
    await waitFor(() => expect(opened).toEqual([{ name: 'subscription-event', props: change }]));
    expect(api.sent('POST', '/api/billing/stripe/cancel/')).toEqual([{ apply_trial: true }]);
  });

  it('moves down to the offered plan with its price', async () => {
    const downgrade = fakePlanOffer();
    const change = { event: 'downgraded', subscription: fakeSubscription() };
    const api = open({ can_extend_trial: false, can_receive_discount: false, downgrade }, { body: change });
    const action = await screen.findByRole('button', { name: 'billing.cancel.downgrade.action' });
    await act(async () => fireEvent.click(action));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(api.sent('POST', '/api/billing/stripe/cancel/')).toEqual([
      { downgrade_price_id: downgrade.price_id },
    ]);
  });

  it('says an error occurred when the discount fails, and stays open', async () => {
    open(
      { can_extend_trial: false, can_receive_discount: true, downgrade: null },
      { status: 409, body: { message: 'no', code: 'billing.offer-unavailable' } },
    );
    const action = await screen.findByRole('button', { name: 'billing.cancel.discount.action' });
    await act(async () => fireEvent.click(action));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('subscription.error-occurred'));
    expect(opened).toEqual([]);
    expect(screen.getByRole('button', { name: 'billing.cancel.discount.action' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('"cancel anyway" asks for the reason', async () => {
    open({ can_extend_trial: true, can_receive_discount: true, downgrade: null });
    fireEvent.click(await screen.findByRole('button', { name: 'billing.cancel.anyway' }));
    expect(opened).toEqual([{ name: 'cancel-reason', props: {} }]);
  });
});
