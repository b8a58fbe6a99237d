import { AVATAR_MAX_BYTES } from '@lendo/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { avatarFileError, cropAvatar, drawAvatar } from './avatar-image';

/** What a 2D context was asked to do; jsdom has no canvas of its own. */
function fakeContext() {
  const context = { fillStyle: '', imageSmoothingQuality: '', fillRect: vi.fn(), drawImage: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  return context;
}

describe('avatarFileError', () => {
  it.each([
    ['a JPEG', 'image/jpeg', 1000, null],
    ['a PNG of exactly 10 MB', 'image/png', AVATAR_MAX_BYTES, null],
    ['a PNG one byte over 10 MB', 'image/png', AVATAR_MAX_BYTES + 1, 'profile.image-too-large'],
    ['a GIF', 'image/gif', 1000, 'profile.image-type'],
    ['a WebP', 'image/webp', 1000, 'profile.image-type'],
    ['a PDF', 'application/pdf', 1000, 'profile.image-type'],
  ])('%s → %s', (_name, type, size, expected) => {
    expect(avatarFileError({ type, size })).toBe(expected);
  });
});

describe('drawAvatar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the cropped area of the image onto a 204×204 canvas over white', () => {
    const context = fakeContext();
    const image = document.createElement('img');
    const canvas = drawAvatar(image, { x: 40, y: 25, width: 610, height: 610 });
    expect([canvas.width, canvas.height]).toEqual([204, 204]);
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 204, 204);
    expect(context.drawImage).toHaveBeenCalledWith(image, 40, 25, 610, 610, 0, 0, 204, 204);
    expect(context.fillRect.mock.invocationCallOrder[0]).toBeLessThan(
      context.drawImage.mock.invocationCallOrder[0]!,
    );
  });
});

describe('cropAvatar', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('loads the picture and answers the crop as a JPEG data URL', async () => {
    const context = fakeContext();
    // An image element that "loads" whatever it is given, as a browser would a valid picture.
    class LoadingImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_value: string) {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('Image', LoadingImage);
    const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
      this: HTMLCanvasElement,
      type?: string,
    ) {
      return `data:${type};base64,${this.width}x${this.height}`;
    });

    const result = await cropAvatar('data:image/png;base64,AAAA', { x: 0, y: 0, width: 300, height: 300 });
    expect(result).toBe('data:image/jpeg;base64,204x204');
    expect(toDataURL.mock.calls[0]?.[0]).toBe('image/jpeg');
    expect(context.drawImage.mock.calls[0]?.[0]).toBeInstanceOf(LoadingImage);
  });

  it('fails when the picture cannot be read', async () => {
    fakeContext();
    class BrokenImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_value: string) {
        queueMicrotask(() => this.onerror?.());
      }
    }
    vi.stubGlobal('Image', BrokenImage);
    await expect(
      cropAvatar('data:image/png;base64,AAAA', { x: 0, y: 0, width: 1, height: 1 }),
    ).rejects.toThrow();
  });
});
