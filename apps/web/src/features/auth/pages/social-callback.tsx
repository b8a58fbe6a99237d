import type { TokenPair } from '@lendo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { clearSession } from '@/lib/auth-storage';
import { meQueryOptions } from '@/lib/me';
import { startSession } from '@/lib/session';

/** The tokens arrive base64-encoded; a query string may have turned their "+" into spaces. */
function decode(value: string | null): string | null {
  if (!value) return null;
  try {
    return atob(value.replaceAll(' ', '+')) || null;
  } catch {
    return null;
  }
}

/**
 * Where an external sign-in lands (SPEC §2): stores the tokens from the query string for good, loads
 * the user and moves on to / or /onboarding. Bad or missing tokens go back to /login.
 */
export function socialCallbackLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const access = decode(params.get('token'));
    const refresh = decode(params.get('refresh'));
    if (!access || !refresh) return redirect('/login');
    const tokens: TokenPair = { access, refresh };
    startSession(queryClient, tokens, 'local');
    try {
      const me = await queryClient.fetchQuery(meQueryOptions());
      return redirect(me.onboarding_completed ? '/' : '/onboarding');
    } catch {
      clearSession();
      return redirect('/login');
    }
  };
}

/** Renders nothing: the loader does the work and redirects. */
export default function SocialCallbackPage() {
  return null;
}
