import { useLayoutEffect, useSyncExternalStore } from 'react';

export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** `system` follows the device's colour scheme, as the rest of the app does. */
export const READER_THEMES = ['system', 'light', 'dark', 'sepia'] as const;
export type ReaderTheme = (typeof READER_THEMES)[number];

export interface ReaderSettings {
  fontSize: FontSize;
  theme: ReaderTheme;
}

/** Where this device keeps each choice (the word-status colours live in lib/word-status). */
const KEYS = { fontSize: 'reader.font-size', theme: 'reader.theme' } as const;
const DEFAULTS: ReaderSettings = { fontSize: 'medium', theme: 'system' };

const listeners = new Set<() => void>();
let snapshot: { raw: string; settings: ReaderSettings } | null = null;

function pick<T extends string>(stored: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((value) => value === stored) ?? fallback;
}

/** The stored settings, the same object as long as storage holds the same values (useSyncExternalStore). */
function read(): ReaderSettings {
  const fontSize = localStorage.getItem(KEYS.fontSize);
  const theme = localStorage.getItem(KEYS.theme);
  const raw = `${fontSize}|${theme}`;
  if (snapshot?.raw !== raw) {
    snapshot = {
      raw,
      settings: {
        fontSize: pick(fontSize, FONT_SIZES, DEFAULTS.fontSize),
        theme: pick(theme, READER_THEMES, DEFAULTS.theme),
      },
    };
  }
  return snapshot.settings;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Remembers one choice on this device and tells every reader of the settings. */
export function setReaderSetting<K extends keyof ReaderSettings>(key: K, value: ReaderSettings[K]): void {
  localStorage.setItem(KEYS[key], value);
  listeners.forEach((listener) => listener());
}

/** The reader's font size and theme as chosen on this device. */
export function useReaderSettings(): ReaderSettings {
  return useSyncExternalStore(subscribe, read);
}

/**
 * Applies the reader's theme to the whole page (header, popups and sheets included) while the
 * component using it is mounted; `system` leaves the device's colour scheme in charge.
 */
export function useReaderTheme(theme: ReaderTheme): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
    return () => {
      delete root.dataset.theme;
    };
  }, [theme]);
}
