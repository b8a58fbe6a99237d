import type { Deck } from '@lendo/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

/** GET /deck/decks/{id}/: one deck with its statistics. */
export function getDeck(id: string, signal?: AbortSignal): Promise<Deck> {
  return api.get<Deck>(`/deck/decks/${encodeURIComponent(id)}/`, { signal });
}

export const deckQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...decksQueryKey, 'detail', id],
    queryFn: ({ signal }) => getDeck(id, signal),
  });

/** The deck of the page; its route loader has made sure it is in the cache. */
export function useDeck(id: string): Deck {
  return useSuspenseQuery(deckQueryOptions(id)).data;
}
