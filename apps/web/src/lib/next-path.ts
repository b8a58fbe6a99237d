/**
 * Where to go after signing in: the page a signed-out visitor asked for, kept in /login?next=.
 * Only a path of this site counts (never //host or a full URL), and never the sign-in pages.
 */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/^\/(login|signup|social-callback)(\/|\?|$)/.test(next)) return '/';
  return next;
}

/** /login, remembering `path` (with its query) when it is worth coming back to. */
export function loginPath(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}
