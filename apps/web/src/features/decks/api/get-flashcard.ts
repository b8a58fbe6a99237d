import type { Flashcard } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

/** GET /deck/flashcards/{id}/. */
export function getFlashcard(id: string, signal?: AbortSignal): Promise<Flashcard> {
  return api.get<Flashcard>(`/deck/flashcards/${encodeURIComponent(id)}/`, { signal });
}

export const flashcardQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...decksQueryKey, 'flashcard', id],
    queryFn: ({ signal }) => getFlashcard(id, signal),
  });

/** The card being edited; nothing is fetched in create mode (no id). */
export function useFlashcard(id: string | undefined) {
  return useQuery({ ...flashcardQueryOptions(id ?? ''), enabled: Boolean(id) });
}
