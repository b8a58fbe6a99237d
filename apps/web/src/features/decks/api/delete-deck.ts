import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

/** DELETE /deck/decks/{id}/: the deck and its cards. The last deck of a language is refused (409). */
export function deleteDeck(id: string): Promise<void> {
  return api.delete<void>(`/deck/decks/${encodeURIComponent(id)}/`);
}

/**
 * Deletes a deck and waits for the deck lists to be refreshed. A plain function rather than a
 * mutation: the confirmation modal that runs it outlives the component that asked.
 */
export function useDeleteDeck() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    await deleteDeck(id);
    await queryClient.invalidateQueries({ queryKey: decksQueryKey });
  };
}
