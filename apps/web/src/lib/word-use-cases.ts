import type { Locale, WordsQuery, WordUseCases } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Example sentences shown for a word (SPEC §9). */
export const USE_CASES_SHOWN = 2;

/** GET /words: sentences that use the word, translated into the user's translation language. */
export function getWordUseCases(query: WordsQuery, signal?: AbortSignal): Promise<WordUseCases> {
  return api.get<WordUseCases>('/words', { params: { word: query.word, language: query.language }, signal });
}

/**
 * Cached forever and never retried (SPEC §7, §9). The API translates for the user's interface
 * language, so the key holds it too: changing the interface language asks again.
 */
export const wordUseCasesQueryOptions = (query: WordsQuery, locale: Locale) =>
  queryOptions({
    queryKey: ['words', query.language, query.word, locale],
    queryFn: ({ signal }) => getWordUseCases(query, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** Use cases of a word; nothing is fetched while the word is empty. */
export function useWordUseCases(query: WordsQuery, locale: Locale) {
  return useQuery({ ...wordUseCasesQueryOptions(query, locale), enabled: query.word !== '' });
}
