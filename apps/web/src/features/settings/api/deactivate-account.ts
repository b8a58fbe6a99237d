import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useEndSession } from '@/lib/session';

export function deactivateAccount(): Promise<unknown> {
  return api.post('/auth/deactivate/');
}

/** Deactivates the account (signing in again restores it) and ends the session on this device. */
export function useDeactivateAccount() {
  const endSession = useEndSession();
  return useMutation({ mutationFn: deactivateAccount, onSuccess: endSession });
}
