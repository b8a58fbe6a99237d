import type { Deck, DeckBody } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

/** POST /deck/decks/ without an id, PUT /deck/decks/{id}/ with one. */
export function saveDeck({ id, ...body }: DeckBody & { id?: string }): Promise<Deck> {
  return id
    ? api.put<Deck>(`/deck/decks/${encodeURIComponent(id)}/`, body)
    : api.post<Deck>('/deck/decks/', body);
}

/** Creates or edits a deck, then refreshes every deck list. */
export function useSaveDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeck,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decksQueryKey }),
  });
}
