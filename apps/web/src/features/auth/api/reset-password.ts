import type { ChangePasswordBody } from '@lendo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Sets a new password with the token of a reset link (POST /auth/change-password/). */
export function resetPassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return api.post('/auth/change-password/', body, { noAuth: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
