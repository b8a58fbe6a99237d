import type { WordRecord, WordsQuery } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dictionaryGet } from '@/lib/dictionary-client';

/** GET /v1/:language/words/:word of the dictionary service; an unknown word has no entries. */
export function getWordRecord({ word, language }: WordsQuery, signal?: AbortSignal): Promise<WordRecord> {
  return dictionaryGet<WordRecord>(`/v1/${language}/words/${encodeURIComponent(word)}`, { signal });
}

/** The dictionary is read-only while it runs, so a record never goes stale. */
export const wordRecordQueryOptions = (query: WordsQuery) =>
  queryOptions({
    queryKey: ['dictionary', 'words', query.language, query.word],
    queryFn: ({ signal }) => getWordRecord(query, signal),
    staleTime: Infinity,
  });

/** The word's lemmas and entries; nothing is fetched while the word is empty. */
export function useWordRecord(query: WordsQuery) {
  return useQuery({ ...wordRecordQueryOptions(query), enabled: query.word !== '' });
}
