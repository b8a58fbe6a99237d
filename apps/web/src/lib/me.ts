import type { Me } from '@lendo/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { i18n } from './i18n';

export const meQueryKey = ['me'] as const;

/** GET /auth/me/. The interface follows the user's saved language once it is known. */
export async function getMe(): Promise<Me> {
  const me = await api.get<Me>('/auth/me/');
  if (i18n.resolvedLanguage !== me.locale) await i18n.changeLanguage(me.locale);
  return me;
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/** The signed-in user; the route loaders make sure it is loaded before a page renders. */
export function useMe(): Me {
  return useSuspenseQuery(meQueryOptions()).data;
}

/** The graded reader needs an active pro (or higher) subscription (SPEC §4). */
export function hasProAccess(me: Me): boolean {
  return me.subscription.status === 'active' && Boolean(me.subscription.plan?.is_pro);
}
