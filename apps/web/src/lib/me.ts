import type { Me } from '@lendo/shared';
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { i18n, i18nReady } from './i18n';

export const meQueryKey = ['me'] as const;

/** GET /auth/me/. The interface follows the user's saved language once it is known. */
export async function getMe(): Promise<Me> {
  const me = await api.get<Me>('/auth/me/');
  await i18nReady;
  if (i18n.resolvedLanguage !== me.locale) await i18n.changeLanguage(me.locale);
  return me;
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/** The signed-in user; the route loaders make sure it is loaded before a page renders. */
export function useMe(): Me {
  return useSuspenseQuery(meQueryOptions()).data;
}

/** A change to the account whose answer is the updated user, which replaces the cached one (SPEC §4). */
export function useMeMutation<Variables = void>(mutationFn: (variables: Variables) => Promise<Me>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (me) => queryClient.setQueryData(meQueryKey, me) });
}

/**
 * The graded reader needs a pro (or higher) plan in force (SPEC §4). A trial counts: the server
 * names the plan in `me.subscription.plan` only while it grants access (DESIGN departure noted in
 * the README).
 */
export function hasProAccess(me: Me): boolean {
  return Boolean(me.subscription.plan?.is_pro);
}
