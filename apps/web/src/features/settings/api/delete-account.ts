import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useEndSession } from '@/lib/session';

export function deleteAccount(): Promise<unknown> {
  return api.delete('/auth/me/');
}

/** Deletes the account for good and ends the session on this device. */
export function useDeleteAccount() {
  const endSession = useEndSession();
  return useMutation({ mutationFn: deleteAccount, onSuccess: endSession });
}
