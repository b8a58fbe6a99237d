import type { AuthProviders } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getAuthProviders(): Promise<AuthProviders> {
  return api.get<AuthProviders>('/auth/providers/', { noAuth: true });
}

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth-providers'], queryFn: getAuthProviders, staleTime: Infinity });

/** Which external sign-in providers are configured; nothing is shown until it is known. */
export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
