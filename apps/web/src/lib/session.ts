import type { TokenPair } from '@lendo/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api-client';
import { clearSession, getRefreshToken, saveTokens, type Persistence } from './auth-storage';

/** Stores a new session's tokens and forgets anything cached for whoever was signed in before. */
export function startSession(queryClient: QueryClient, tokens: TokenPair, persistence: Persistence): void {
  saveTokens(tokens, persistence);
  queryClient.clear();
}

/** Signs out: revokes the refresh token when the API can be reached, clears storage and caches, goes to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(async () => {
    const refresh = getRefreshToken();
    if (refresh) {
      await api.post('/auth/logout/', { refresh: refresh.token }, { noAuth: true }).catch(() => undefined);
    }
    clearSession();
    // Leave the signed-in pages before emptying the cache, or they would refetch what they show.
    await navigate('/login', { replace: true });
    client.clear();
  }, [client, navigate]);
}
