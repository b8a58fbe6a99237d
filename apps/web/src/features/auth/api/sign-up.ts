import type { SignupBody, TokenPair } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';

export function signUp(body: SignupBody): Promise<TokenPair> {
  return api.post<TokenPair>('/auth/signup/', body, { noAuth: true });
}

/** Creates the account; a new account's session is remembered. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (tokens) => {
      track('sign_up');
      return startSession(queryClient, tokens, 'local');
    },
  });
}
