import type { SigninBody, TokenPair } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { startSession } from '@/lib/session';

export function signIn(body: SigninBody): Promise<TokenPair> {
  return api.post<TokenPair>('/auth/signin/', body, { noAuth: true });
}

/** Signs in; "remember me" keeps the tokens in local storage, otherwise only for this browser session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (tokens, body) => startSession(queryClient, tokens, body.remember ? 'local' : 'session'),
  });
}
