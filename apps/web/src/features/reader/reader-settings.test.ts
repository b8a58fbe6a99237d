import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setReaderSetting, useReaderSettings, useReaderTheme, type ReaderTheme } from './reader-settings';

describe('reader settings', () => {
  afterEach(() => localStorage.clear());

  it('start at medium text in the system theme, and ignore values they do not know', () => {
    localStorage.setItem('reader.font-size', 'huge');
    const { result } = renderHook(() => useReaderSettings());
    expect(result.current).toEqual({ fontSize: 'medium', theme: 'system' });
  });

  it('remember each choice on this device and tell every reader at once', () => {
    const { result } = renderHook(() => useReaderSettings());
    act(() => setReaderSetting('fontSize', 'large'));
    act(() => setReaderSetting('theme', 'sepia'));
    expect(result.current).toEqual({ fontSize: 'large', theme: 'sepia' });
    expect(localStorage.getItem('reader.font-size')).toBe('large');
    expect(localStorage.getItem('reader.theme')).toBe('sepia');
    // A sign-out clears local storage: the defaults are back.
    act(() => localStorage.clear());
    expect(renderHook(() => useReaderSettings()).result.current).toEqual({
      fontSize: 'medium',
      theme: 'system',
    });
  });

  it("put the theme on the page's root while the reader is open; system leaves it to the device", () => {
    const root = document.documentElement;
    const { rerender, unmount } = renderHook(({ theme }: { theme: ReaderTheme }) => useReaderTheme(theme), {
      initialProps: { theme: 'dark' },
    });
    expect(root.dataset.theme).toBe('dark');
    rerender({ theme: 'system' });
    expect(root.dataset.theme).toBeUndefined();
    rerender({ theme: 'sepia' });
    expect(root.dataset.theme).toBe('sepia');
    unmount();
    expect(root.dataset.theme).toBeUndefined();
  });
});
