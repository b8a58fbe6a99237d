import type { Me } from '@lendo/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/lib/me';
import { fakeApi } from '@/testing/fake-api';
import { fakeMe, renderWithMe } from '@/testing/with-me';
import { LanguageSetting } from './language-setting';

const changeLanguage = vi.fn(async (_language: string) => undefined);
vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string) => key, i18n: { changeLanguage } }),
}));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

describe('LanguageSetting', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  const choose = (locale: string) =>
    act(async () => {
      fireEvent.change(screen.getByLabelText('settings.language.label'), { target: { value: locale } });
    });

  it('switches the interface at once and saves the language on the account', async () => {
    const api = fakeApi(({ method, body }) =>
      method === 'PUT' ? { body: fakeMe(body as Partial<Me>) } : undefined,
    );
    const { queryClient } = renderWithMe(<LanguageSetting />);
    await choose('pt');
    expect(changeLanguage.mock.calls).toEqual([['pt']]);
    await waitFor(() => expect(queryClient.getQueryData<Me>(meQueryKey)?.locale).toBe('pt'));
    expect(api.sent('PUT', '/api/auth/update-user/')).toEqual([{ locale: 'pt' }]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('goes back to the previous language, with an error toast, when the save fails', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'boom', code: 'error.unexpected' } }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { queryClient } = renderWithMe(<LanguageSetting />);
    await choose('es');
    await waitFor(() => expect(changeLanguage.mock.calls).toEqual([['es'], ['en']]));
    expect(toast.error).toHaveBeenCalledWith('profile.error-changing-language');
    expect(queryClient.getQueryData<Me>(meQueryKey)?.locale).toBe('en');
  });
});
