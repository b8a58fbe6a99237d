import type { ResetPasswordBody } from '@lendo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function requestPasswordReset(body: ResetPasswordBody): Promise<{ message: string }> {
  return api.post('/auth/reset-password/', body, { noAuth: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
