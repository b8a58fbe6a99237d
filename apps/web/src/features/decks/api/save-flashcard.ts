import type { Flashcard, FlashcardBody } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

export interface FlashcardSave extends FlashcardBody {
  /** The card to change; a new card is created without it. */
  id?: string;
  /** The deck the card goes in (or moves to). */
  deck: string;
}

/** POST /deck/decks/{deck}/flashcards/ for a new card, PUT /deck/flashcards/{id}/ for a change. */
export function saveFlashcard({ id, deck, ...body }: FlashcardSave): Promise<Flashcard> {
  return id
    ? api.put<Flashcard>(`/deck/flashcards/${encodeURIComponent(id)}/`, { ...body, deck })
    : api.post<Flashcard>(`/deck/decks/${encodeURIComponent(deck)}/flashcards/`, body);
}

/** Saves a card, then refreshes the deck lists, the pages of cards and the statistics. */
export function useSaveFlashcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFlashcard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decksQueryKey }),
  });
}
