import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

/** DELETE /deck/flashcards/{id}/. */
export function deleteFlashcard(id: string): Promise<void> {
  return api.delete<void>(`/deck/flashcards/${encodeURIComponent(id)}/`);
}

/**
 * Deletes a card and waits for the deck lists, pages of cards and statistics to be refreshed. A plain
 * function rather than a mutation: the confirmation modal that runs it outlives the component that asked.
 */
export function useDeleteFlashcard() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    await deleteFlashcard(id);
    await queryClient.invalidateQueries({ queryKey: decksQueryKey });
  };
}
