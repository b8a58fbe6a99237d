import type { Me } from '@lendo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getAccessToken } from '@/lib/auth-storage';
import { meQueryOptions } from '@/lib/me';
import { loginPath } from '@/lib/next-path';

/**
 * Loads the current user, or sends to /login when there is no session (or it could not be
 * refreshed), remembering the page asked for so that signing in comes back to it.
 */
async function requireMe(queryClient: QueryClient, request: Request): Promise<Me> {
  const url = new URL(request.url);
  const toLogin = () => redirect(loginPath(url.pathname + url.search));
  if (!getAccessToken()) throw toLogin();
  try {
    return await queryClient.ensureQueryData(meQueryOptions());
  } catch (error) {
    if (!getAccessToken()) throw toLogin();
    throw error;
  }
}

/** Protected routes: signed in and onboarded (SPEC §2). */
export const protectedLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const me = await requireMe(queryClient, request);
    if (!me.onboarding_completed) throw redirect('/onboarding');
    return null;
  };

/** Onboarding: signed in; someone who already answered has nothing to do there. */
export const onboardingLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const me = await requireMe(queryClient, request);
    if (me.onboarding_completed) throw redirect('/');
    return null;
  };

/** The payment flow (/plans, /checkout): signed in, onboarded or not (SPEC §2). */
export const signedInLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireMe(queryClient, request);
    return null;
  };
