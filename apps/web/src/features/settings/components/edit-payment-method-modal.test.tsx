import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { fakePaymentMethod } from '@/testing/fake-billing';
import { renderWithMe } from '@/testing/with-me';
import { EditPaymentMethodModal, expiryField, formatExpiry } from './edit-payment-method-modal';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

describe('card expiry', () => {
  it('is typed as MM/YY', () => {
    expect(formatExpiry('0')).toBe('0');
    expect(formatExpiry('083')).toBe('08/3');
    expect(formatExpiry('08/30')).toBe('08/30');
    expect(formatExpiry('0830999')).toBe('08/30');
  });

  it('must be a real month, not before this one', () => {
    const field = expiryField(new Date('2026-05-10T12:00:00Z'));
    expect(field.safeParse('05/26').data).toEqual({ exp_month: 5, exp_year: 2026 });
    expect(field.safeParse('04/26').success).toBe(false);
    expect(field.safeParse('13/30').success).toBe(false);
    expect(field.safeParse('1/30').success).toBe(false);
  });
});

describe('EditPaymentMethodModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('saves the holder name and expiry, and makes the card the default one when asked', async () => {
    const card = fakePaymentMethod({ id: 'pm_other', is_default: false, exp_month: 8, exp_year: 2030 });
    const api = fakeApi((request) => (request.method === 'PUT' ? { body: card } : undefined));
    const onClose = vi.fn();
    renderWithMe(<EditPaymentMethodModal paymentMethod={card} onClose={onClose} />);
    expect((screen.getByLabelText('settings.cards.expiry') as HTMLInputElement).value).toBe('08/30');
    fireEvent.input(screen.getByLabelText('settings.cards.holder'), { target: { value: 'Ana M. Souza' } });
    fireEvent.input(screen.getByLabelText('settings.cards.expiry'), { target: { value: '0941' } });
    fireEvent.click(screen.getByLabelText('settings.cards.make-default-check'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'settings.save' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('PUT', '/api/billing/stripe/payment-methods/')).toEqual([
      {
        payment_method_id: 'pm_other',
        holder_name: 'Ana M. Souza',
        exp_month: 9,
        exp_year: 2041,
        set_as_default: true,
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('settings.cards.saved');
  });

  it('requires a holder name and a valid expiry', async () => {
    const api = fakeApi(() => undefined);
    renderWithMe(<EditPaymentMethodModal paymentMethod={fakePaymentMethod()} onClose={vi.fn()} />);
    fireEvent.input(screen.getByLabelText('settings.cards.holder'), { target: { value: ' ' } });
    fireEvent.input(screen.getByLabelText('settings.cards.expiry'), { target: { value: '1330' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'settings.save' })));
    expect(await screen.findByText('billing.holder-required')).toBeTruthy();
    expect(screen.getByText('billing.invalid-expiry')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });
});
