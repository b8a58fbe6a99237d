import type { Me } from '@lendo/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/lib/me';
import { fakeApi, type FakeReply } from '@/testing/fake-api';
import { fakeMe, renderWithMe } from '@/testing/with-me';
import { ChangeUsernameModal } from './change-username-modal';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

type Reply = FakeReply;

/** The API as far as this modal knows it: what check-username and update-username answer. */
function usernameApi(replies: { check?: (username: string) => Reply; save?: (username: string) => Reply }) {
  const api = fakeApi(({ path, body }) => {
    const { username } = body as { username: string };
    if (path === '/api/auth/check-username/') return replies.check?.(username);
    if (path === '/api/auth/update-username/') return replies.save?.(username);
    return undefined;
  });
  const names = (path: string) =>
    api.sent('POST', path).map((body) => (body as { username: string }).username);
  return {
    checked: () => names('/api/auth/check-username/'),
    saved: () => names('/api/auth/update-username/'),
  };
}

const available: Reply = { status: 200, body: { available: true } };

function setup(onClose = vi.fn()) {
  const view = renderWithMe(<ChangeUsernameModal onClose={onClose} />);
  const input = screen.getByLabelText('settings.username.label');
  const save = screen.getByRole('button', { name: 'settings.save' });
  const type = (value: string) => fireEvent.input(input, { target: { value } });
  /** Lets `ms` pass, with the answers that arrive meanwhile. */
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  return { ...view, input, save, type, wait, onClose };
}

describe('ChangeUsernameModal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts in editing with the current name, and Save off', () => {
    const api = usernameApi({ check: () => available });
    const { input, save } = setup();
    expect((input as HTMLInputElement).value).toBe('ana_reads');
    expect(save).toHaveProperty('disabled', true);
    expect(api.checked()).toEqual([]);
  });

  it('shows a broken rule as it is typed and asks the API nothing', async () => {
    const api = usernameApi({ check: () => available });
    const { type, wait, save } = setup();
    type('ab');
    expect(screen.getByText('profile.username-min-length')).toBeTruthy();
    type('ab__c');
    expect(screen.getByText('profile.username-consecutive-special')).toBeTruthy();
    await wait(2000);
    expect(api.checked()).toEqual([]);
    expect(save).toHaveProperty('disabled', true);
  });

  it('checks 500 ms after typing stops, then accepts a free name and turns Save on', async () => {
    const api = usernameApi({ check: () => available });
    const { type, wait, save } = setup();
    type('new');
    await wait(300);
    type('new_name');
    await wait(499);
    expect(api.checked()).toEqual([]);
    expect(save).toHaveProperty('disabled', true);
    await wait(1);
    expect(api.checked()).toEqual(['new_name']);
    expect(screen.getByText('settings.username.available')).toBeTruthy();
    expect(save).toHaveProperty('disabled', false);
  });

  it('goes back to editing, with Save off, as soon as an accepted name is typed over', async () => {
    usernameApi({ check: () => available });
    const { type, wait, save } = setup();
    type('new_name');
    await wait(500);
    expect(save).toHaveProperty('disabled', false);
    type('new_name2');
    expect(save).toHaveProperty('disabled', true);
    expect(screen.queryByText('settings.username.available')).toBeNull();
  });

  it.each([
    [
      'the code the API gives',
      { status: 200, body: { available: false, code: 'profile.username-offensive' } },
      'profile.username-offensive',
    ],
    [
      'profile.err-change-username without a code',
      { status: 200, body: { available: false } },
      'profile.err-change-username',
    ],
    [
      'profile.err-change-username when the check fails',
      { status: 500, body: { message: 'boom', code: 'error.unexpected' } },
      'profile.err-change-username',
    ],
  ])('declines a name with %s', async (_case, reply, shown) => {
    usernameApi({ check: () => reply });
    const { type, wait, save, input } = setup();
    type('someone');
    await wait(500);
    expect(screen.getByText(shown)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(save).toHaveProperty('disabled', true);
  });

  it('saves an accepted name, updates the cached user and closes', async () => {
    const api = usernameApi({
      check: () => available,
      save: (username) => ({ status: 200, body: fakeMe({ username }) }),
    });
    const { type, wait, save, onClose, queryClient } = setup();
    type('new_name');
    await wait(500);
    fireEvent.click(save);
    await wait(0);
    expect(api.saved()).toEqual(['new_name']);
    expect(queryClient.getQueryData<Me>(meQueryKey)?.username).toBe('new_name');
    expect(toast.success).toHaveBeenCalledWith('settings.username.saved');
    expect(onClose).toHaveBeenCalled();
  });

  it('declines the name when the save fails, with an error toast', async () => {
    usernameApi({
      check: () => available,
      save: () => ({ status: 409, body: { message: 'taken', code: 'profile.username-taken' } }),
    });
    const { type, wait, save, onClose } = setup();
    type('new_name');
    await wait(500);
    fireEvent.click(save);
    await wait(0);
    expect(toast.error).toHaveBeenCalledWith('error.something-went-wrong profile.username-taken');
    expect(screen.getByText('profile.username-taken')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    expect(onClose).not.toHaveBeenCalled();
  });
});
