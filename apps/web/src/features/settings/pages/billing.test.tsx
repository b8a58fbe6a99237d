import type { Me } from '@lendo/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { fakeMe, renderWithMe } from '@/testing/with-me';
import BillingPage from './billing';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

describe('billing information', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    api = fakeApi(({ method, path, body }) =>
      method === 'POST' && path === '/api/auth/update-billing-info/'
        ? { body: fakeMe(body as Partial<Me>) }
        : undefined,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  const cpfInput = () => screen.getByLabelText('settings.billing.cpf') as HTMLInputElement;
  const submit = () =>
    act(async () => fireEvent.click(screen.getByRole('button', { name: 'settings.save' })));

  it('masks the CPF as it is typed', () => {
    renderWithMe(<BillingPage />);
    fireEvent.change(cpfInput(), { target: { value: '5299822' } });
    expect(cpfInput().value).toBe('529.982.2');
    fireEvent.change(cpfInput(), { target: { value: '529.982.24725' } });
    expect(cpfInput().value).toBe('529.982.247-25');
  });

  it('shows the saved name and CPF', () => {
    renderWithMe(<BillingPage />, fakeMe({ billing_fullname: 'Ana Souza', cpf: '52998224725' }));
    expect((screen.getByLabelText('settings.billing.fullname') as HTMLInputElement).value).toBe('Ana Souza');
    expect(cpfInput().value).toBe('529.982.247-25');
  });

  it('refuses a CPF whose check digits are wrong, and a single name, without calling the API', async () => {
    renderWithMe(<BillingPage />);
    fireEvent.change(screen.getByLabelText('settings.billing.fullname'), { target: { value: 'Ana' } });
    fireEvent.change(cpfInput(), { target: { value: '52998224724' } });
    await submit();
    expect(screen.getByText('billing.invalid-cpf')).toBeTruthy();
    expect(screen.getByText('billing.fullname-incomplete')).toBeTruthy();
    expect(cpfInput().getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toEqual([]);
  });

  it('sends a valid CPF as its 11 digits', async () => {
    renderWithMe(<BillingPage />);
    fireEvent.change(screen.getByLabelText('settings.billing.fullname'), { target: { value: 'Ana Souza' } });
    fireEvent.change(cpfInput(), { target: { value: '52998224725' } });
    await submit();
    expect(api.requests).toHaveLength(1);
    expect(api.sent('POST', '/api/auth/update-billing-info/')).toEqual([
      { billing_fullname: 'Ana Souza', cpf: '52998224725' },
    ]);
    expect(toast.success).toHaveBeenCalledWith('settings.billing.saved');
    expect(cpfInput().value).toBe('529.982.247-25');
  });
});
