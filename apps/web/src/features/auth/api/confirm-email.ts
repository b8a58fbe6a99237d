import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/me';

export function confirmEmail(token: string): Promise<unknown> {
  return api.post('/auth/confirm-email/', { token }, { noAuth: true });
}

/** Opens an email-change link: the new address becomes the account's email. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // Whoever is signed in on this browser may be the one whose email just changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
