import type { IdentityProvider } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { connectionsQueryKey } from './get-connections';

export function unlinkConnection(provider: IdentityProvider): Promise<unknown> {
  return api.delete(`/auth/connections/${provider}/`);
}

/** Removes a linked sign-in; the API refuses to remove the last way to sign in. */
export function useUnlinkConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
}
