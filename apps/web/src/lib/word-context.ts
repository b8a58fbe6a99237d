import type { Locale, WordContext, WordContextQuery } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /ai/word-context/: the word explained in its sentence, in the user's translation language. */
export function getWordContext(query: WordContextQuery, signal?: AbortSignal): Promise<WordContext> {
  return api.get<WordContext>('/ai/word-context/', {
    params: { word: query.word, sentence: query.sentence, language: query.language, index: query.index },
    signal,
  });
}

/**
 * Retried twice on failure (SPEC §7, §9) by the query client's default, which never retries a
 * refusal: a 403 for a used-up allowance answers at once. The answer is in the user's interface
 * language, so the key holds it too.
 */
export const wordContextQueryOptions = (query: WordContextQuery, locale: Locale) =>
  queryOptions({
    queryKey: ['word-context', query.language, query.word, query.sentence, query.index, locale],
    queryFn: ({ signal }) => getWordContext(query, signal),
  });

/** The explanation of a tapped word in the sentence it was tapped in. */
export function useWordContext(query: WordContextQuery, locale: Locale) {
  return useQuery(wordContextQueryOptions(query, locale));
}
