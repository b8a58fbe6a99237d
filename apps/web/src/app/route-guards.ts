import type { Me } from '@lendo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { getAccessToken } from '@/lib/auth-storage';
import { meQueryOptions } from '@/lib/me';

/** Loads the current user, or sends to /login when there is no session (or it could not be refreshed). */
async function requireMe(queryClient: QueryClient): Promise<Me> {
  if (!getAccessToken()) throw redirect('/login');
  try {
    return await queryClient.ensureQueryData(meQueryOptions());
  } catch (error) {
    if (!getAccessToken()) throw redirect('/login');
    throw error;
  }
}

/** Protected routes: signed in and onboarded (SPEC §2). */
export const protectedLoader = (queryClient: QueryClient) => async () => {
  const me = await requireMe(queryClient);
  if (!me.onboarding_completed) throw redirect('/onboarding');
  return null;
};

/** Onboarding: signed in; someone who already answered has nothing to do there. */
export const onboardingLoader = (queryClient: QueryClient) => async () => {
  const me = await requireMe(queryClient);
  if (me.onboarding_completed) throw redirect('/');
  return null;
};

/** The payment flow (/plans, /checkout): signed in, onboarded or not (SPEC §2). */
export const signedInLoader = (queryClient: QueryClient) => async () => {
  await requireMe(queryClient);
  return null;
};
