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

/**
 * Forgets the session on this device: clears storage, leaves the signed-in pages for /login and empties
 * the data caches. For an account the API has already closed (deactivated, deleted).
 */
export function useEndSession(): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(async () => {
    clearSession();
    // Leave the signed-in pages before emptying the cache, or they would refetch what they show.
    await navigate('/login', { replace: true });
    client.clear();
  }, [client, navigate]);
}

/** Signs out: revokes the refresh token when the API can be reached, clears storage and caches, goes to /login. */
export function useLogout(): () => Promise<void> {
  const endSession = useEndSession();
  return useCallback(async () => {
    const refresh = getRefreshToken();
    if (refresh) {
      await api.post('/auth/logout/', { refresh: refresh.token }, { noAuth: true }).catch(() => undefined);
    }
    await endSession();
  }, [endSession]);
}
