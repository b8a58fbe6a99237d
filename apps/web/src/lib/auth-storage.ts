import { STORAGE_KEYS } from '@lendo/shared';

/** Where a session's tokens live: local storage survives the browser closing, session storage does not. */
export type Persistence = 'local' | 'session';

const storageFor = (persistence: Persistence): Storage =>
  persistence === 'local' ? window.localStorage : window.sessionStorage;

/** The access token, looked up in session storage first, then local storage (SPEC §7). */
export function getAccessToken(): string | null {
  return sessionStorage.getItem(STORAGE_KEYS.access) ?? localStorage.getItem(STORAGE_KEYS.access);
}

/** The refresh token and the storage it was found in, so rotated tokens go back to the same place. */
export function getRefreshToken(): { token: string; persistence: Persistence } | null {
  const inSession = sessionStorage.getItem(STORAGE_KEYS.refresh);
  if (inSession) return { token: inSession, persistence: 'session' };
  const inLocal = localStorage.getItem(STORAGE_KEYS.refresh);
  return inLocal ? { token: inLocal, persistence: 'local' } : null;
}

/**
 * Stores a token pair in one storage and removes any tokens from the other, so a stale pair can never
 * shadow the new one. A refresh answer without a refresh token keeps the current one.
 */
export function saveTokens(tokens: { access: string; refresh?: string }, persistence: Persistence): void {
  const other = storageFor(persistence === 'local' ? 'session' : 'local');
  other.removeItem(STORAGE_KEYS.access);
  other.removeItem(STORAGE_KEYS.refresh);
  const target = storageFor(persistence);
  target.setItem(STORAGE_KEYS.access, tokens.access);
  if (tokens.refresh) target.setItem(STORAGE_KEYS.refresh, tokens.refresh);
}

/** Ends the stored session: all local storage is cleared (SPEC §4) and the session-storage tokens go. */
export function clearSession(): void {
  localStorage.clear();
  sessionStorage.removeItem(STORAGE_KEYS.access);
  sessionStorage.removeItem(STORAGE_KEYS.refresh);
}
