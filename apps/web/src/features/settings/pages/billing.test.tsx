import type { Me } from '@lendo/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeReply } from '@/testing/fake-api';
import { fakePaymentMethod } from '@/testing/fake-billing';
import { fakeMe, renderWithMe } from '@/testing/with-me';
import BillingPage from './billing';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

describe('billing information', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    localStorage.setItem('country', 'BR');
    api = fakeApi(({ method, path, body }) => {
      if (method === 'POST' && path === '/api/auth/update-billing-info/')
        return { body: fakeMe(body as Partial<Me>) };
      if (method === 'GET' && path === '/api/billing/stripe/payment-methods/') return { body: [] };
      if (method === 'GET' && path === '/api/billing/stripe/invoices/') return { body: [] };
      return undefined;
    });
  });
  afterEach(() => {
    localStorage.clear();
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  const cpfInput = () => screen.getByLabelText('settings.billing.cpf') as HTMLInputElement;
  const submit = () =>
    act(async () => fireEvent.click(screen.getByRole('button', { name: 'settings.save' })));

  it('masks the CPF as it is typed', () => {
    renderWithMe(<BillingPage />);
    fireEvent.input(cpfInput(), { target: { value: '5299822' } });
    expect(cpfInput().value).toBe('529.982.2');
    fireEvent.input(cpfInput(), { target: { value: '529.982.24725' } });
    expect(cpfInput().value).toBe('529.982.247-25');
  });

  it('shows the saved name and CPF', () => {
    renderWithMe(<BillingPage />, fakeMe({ billing_fullname: 'Ana Souza', cpf: '52998224725' }));
    expect((screen.getByLabelText('settings.billing.fullname') as HTMLInputElement).value).toBe('Ana Souza');
    expect(cpfInput().value).toBe('529.982.247-25');
  });

  it('refuses a CPF whose check digits are wrong, and a single name, without calling the API', async () => {
    renderWithMe(<BillingPage />);
    fireEvent.input(screen.getByLabelText('settings.billing.fullname'), { target: { value: 'Ana' } });
    fireEvent.input(cpfInput(), { target: { value: '52998224724' } });
    await submit();
    expect(await screen.findByText('billing.invalid-cpf')).toBeTruthy();
    expect(screen.getByText('billing.fullname-incomplete')).toBeTruthy();
    expect(cpfInput().getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST', '/api/auth/update-billing-info/')).toEqual([]);
  });

  it('sends a valid CPF as its 11 digits', async () => {
    renderWithMe(<BillingPage />);
    fireEvent.input(screen.getByLabelText('settings.billing.fullname'), { target: { value: 'Ana Souza' } });
    fireEvent.input(cpfInput(), { target: { value: '52998224725' } });
    await submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('settings.billing.saved'));
    expect(api.sent('POST', '/api/auth/update-billing-info/')).toEqual([
      { billing_fullname: 'Ana Souza', cpf: '52998224725' },
    ]);
    expect(cpfInput().value).toBe('529.982.247-25');
  });

  it('asks for the CPF only in Brazil: optional when the country is unknown, hidden elsewhere', async () => {
    localStorage.removeItem('country');
    renderWithMe(<BillingPage />);
    expect(screen.getByLabelText('settings.billing.cpf-optional')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('settings.billing.fullname'), { target: { value: 'Ann Smith' } });
    await submit();
    await waitFor(() =>
      expect(api.sent('POST', '/api/auth/update-billing-info/')).toEqual([
        { billing_fullname: 'Ann Smith', cpf: '' },
      ]),
    );
    cleanup();

    localStorage.setItem('country', 'US');
    renderWithMe(<BillingPage />);
    expect(screen.queryByLabelText(/settings\.billing\.cpf/)).toBeNull();
  });
});

describe('payment methods and invoices', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  const answer = (cards: unknown, invoices: unknown) =>
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/billing/stripe/payment-methods/') return cards as FakeReply;
      if (method === 'GET' && path === '/api/billing/stripe/invoices/') return invoices as FakeReply;
      if (method === 'PUT' && path === '/api/billing/stripe/payment-methods/')
        return { body: fakePaymentMethod({ is_default: true }) };
      return undefined;
    });

  it('lists the cards with the default marked, and the invoices in the interface language', async () => {
    const api = answer(
      {
        body: [
          fakePaymentMethod(),
          fakePaymentMethod({
            id: 'pm_mc',
            brand: 'mastercard',
            last4: '4444',
            is_default: false,
            exp_month: 1,
          }),
        ],
      },
      {
        body: [
          {
            id: 'in_1',
            date: '2026-03-08T15:00:00.000Z',
            description: 'Lendo Pro (monthly)',
            subtotal: 999,
            discount: 100,
            total: 899,
            currency: 'USD',
            status: 'paid',
            plan_tier: 'pro',
            interval: 'monthly',
            period_start: '2026-03-08T15:00:00.000Z',
            period_end: '2026-04-08T15:00:00.000Z',
          },
        ],
      },
    );
    renderWithMe(<BillingPage />);
    expect(await screen.findByText('Visa •••• 4242')).toBeTruthy();
    expect(screen.getByText('Mastercard •••• 4444')).toBeTruthy();
    expect(screen.getAllByText('settings.cards.default')).toHaveLength(1);
    // The invoice: a table row and, for phones, a list item.
    expect((await screen.findAllByText('settings.invoices.plan')).length).toBe(2);
    expect(screen.getAllByText('$8.99')).toHaveLength(2);
    expect(screen.getAllByText('settings.invoices.status.paid')).toHaveLength(2);
    expect(screen.queryByText('Lendo Pro (monthly)')).toBeNull();

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'settings.cards.make-default-label' })),
    );
    expect(api.sent('PUT', '/api/billing/stripe/payment-methods/')).toEqual([
      { payment_method_id: 'pm_mc', set_as_default: true },
    ]);
  });

  it('shows empty states, and a retry when the cards cannot be loaded', async () => {
    answer({ status: 500, body: { message: 'down', code: 'error.unexpected' } }, { body: [] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithMe(<BillingPage />);
    expect(await screen.findByText('settings.invoices.empty')).toBeTruthy();
    expect(await screen.findByText('settings.cards.load-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'common.retry' })).toBeTruthy();
  });
});
