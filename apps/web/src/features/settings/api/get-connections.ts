import type { Connection } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const connectionsQueryKey = ['auth-connections'] as const;

export function getConnections(): Promise<Connection[]> {
  return api.get<Connection[]>('/auth/connections/');
}

export const connectionsQueryOptions = () =>
  queryOptions({ queryKey: connectionsQueryKey, queryFn: getConnections });

/** The external sign-in accounts linked to this one. */
export function useConnections() {
  return useQuery(connectionsQueryOptions());
}
