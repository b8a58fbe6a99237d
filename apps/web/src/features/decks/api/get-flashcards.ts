import type { FlashcardPage } from '@lendo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

export interface FlashcardSearch {
  page: number;
  /** What the cards are searched for; empty for all. */
  query: string;
}

/** GET /deck/decks/{id}/flashcards/: one page of the deck's cards, newest first. */
export function getFlashcards(deckId: string, search: FlashcardSearch, signal?: AbortSignal) {
  return api.get<FlashcardPage>(`/deck/decks/${encodeURIComponent(deckId)}/flashcards/`, {
    params: { page: search.page, query: search.query || undefined },
    signal,
  });
}

export const flashcardsQueryOptions = (deckId: string, search: FlashcardSearch) =>
  queryOptions({
    queryKey: [...decksQueryKey, 'flashcards', deckId, search],
    queryFn: ({ signal }) => getFlashcards(deckId, search, signal),
  });

/** A page of cards; while another page or search loads, the previous one stays on screen. */
export function useFlashcards(deckId: string, search: FlashcardSearch) {
  return useQuery({ ...flashcardsQueryOptions(deckId, search), placeholderData: keepPreviousData });
}
