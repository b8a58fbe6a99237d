import { AVATAR_MAX_BYTES } from '@lendo/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithMe } from '@/testing/with-me';
import { UpdateProfileImageModal } from './update-profile-image-modal';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

describe('UpdateProfileImageModal file picker', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    api = fakeApi(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const pick = (file: File) =>
    act(async () => {
      fireEvent.change(screen.getByLabelText('settings.image.choose'), { target: { files: [file] } });
    });

  it('offers JPEG and PNG files only', () => {
    renderWithMe(<UpdateProfileImageModal onClose={vi.fn()} />);
    expect(screen.getByLabelText('settings.image.choose').getAttribute('accept')).toBe(
      'image/jpeg,image/png',
    );
  });

  it('refuses an image over 10 MB before anything is uploaded', async () => {
    renderWithMe(<UpdateProfileImageModal onClose={vi.fn()} />);
    await pick(new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toContain('profile.image-too-large');
    expect(screen.queryByLabelText('settings.image.zoom')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('refuses a file that is neither JPEG nor PNG', async () => {
    renderWithMe(<UpdateProfileImageModal onClose={vi.fn()} />);
    await pick(new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toContain('profile.image-type');
    expect(screen.queryByLabelText('settings.image.zoom')).toBeNull();
  });

  it('moves a good image on to the crop step with a 1–3 zoom', async () => {
    renderWithMe(<UpdateProfileImageModal onClose={vi.fn()} />);
    await pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    const zoom = await screen.findByLabelText('settings.image.zoom');
    expect([zoom.getAttribute('min'), zoom.getAttribute('max'), zoom.getAttribute('step')]).toEqual([
      '1',
      '3',
      '0.1',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
