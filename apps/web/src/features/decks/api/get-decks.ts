import type { Deck, LearningLanguage } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

/** GET /deck/decks/: the learner's decks, in one language or, without one, in all. */
export function getDecks(language: LearningLanguage | undefined, signal?: AbortSignal): Promise<Deck[]> {
  return api.get<Deck[]>('/deck/decks/', { params: { language }, signal });
}

export const decksQueryOptions = (language?: LearningLanguage) =>
  queryOptions({
    queryKey: [...decksQueryKey, 'list', language ?? 'all'],
    queryFn: ({ signal }) => getDecks(language, signal),
  });

/** The decks of `language` (of all languages without one); nothing is fetched until `enabled`. */
export function useDecks(language?: LearningLanguage, enabled = true) {
  return useQuery({ ...decksQueryOptions(language), enabled });
}
