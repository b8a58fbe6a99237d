import type { TokenPair, UpdatePasswordBody } from '@lendo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getRefreshToken, saveTokens } from '@/lib/auth-storage';

export function updatePassword(body: UpdatePasswordBody): Promise<TokenPair> {
  return api.post<TokenPair>('/auth/update-password/', body);
}

/**
 * Changes the password. The API revokes the other sessions and answers with a new token pair for
 * this one, kept where the old pair was (remembered or not).
 */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (tokens) => saveTokens(tokens, getRefreshToken()?.persistence ?? 'local'),
  });
}
