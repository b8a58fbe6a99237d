import type { Flashcard, FlashcardBody, FlashcardCreateBody } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

export interface FlashcardSave extends FlashcardBody {
  /** The card to change; a new card is created without it. */
  id?: string;
  /** The deck the card goes in (or moves to). */
  deck: string;
  /** A new card for a word the deck has already: the learner saw the warning and saves it anyway. */
  allowDuplicate?: boolean;
}

/**
 * POST /deck/decks/{deck}/flashcards/ for a new card (409 flashcard.duplicate when the deck has a card
 * of its word, unless `allowDuplicate`), PUT /deck/flashcards/{id}/ for a change.
 */
export function saveFlashcard({ id, deck, allowDuplicate, ...body }: FlashcardSave): Promise<Flashcard> {
  if (id) return api.put<Flashcard>(`/deck/flashcards/${encodeURIComponent(id)}/`, { ...body, deck });
  const create: FlashcardCreateBody = { ...body, allow_duplicate: allowDuplicate ?? false };
  return api.post<Flashcard>(`/deck/decks/${encodeURIComponent(deck)}/flashcards/`, create);
}

/** Saves a card, then refreshes the deck lists, the pages of cards and the statistics. */
export function useSaveFlashcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFlashcard,
    onSuccess: (card, { id }) => {
      if (!id) track('flashcard_created', { language: card.language });
      return queryClient.invalidateQueries({ queryKey: decksQueryKey });
    },
  });
}
