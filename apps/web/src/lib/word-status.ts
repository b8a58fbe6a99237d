import {
  lemmaKey,
  type LearningLanguage,
  type MarkKnownResult,
  type ReaderSentence,
  type WordLookupResult,
  type WordStatus,
  type WordStatusMap,
  type WordStatusResult,
  type WordStatusSummary,
} from '@lendo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';

/** The story's lemma of a word of its sentence (DESIGN §5 word status is per lemma), else the word. */
export function lemmaIn(sentence: Pick<ReaderSentence, 'lemmas'>, word: string): string {
  const key = lemmaKey(word);
  return lemmaKey(sentence.lemmas[key] ?? key);
}

const statusesKey = (language: LearningLanguage) => ['word-statuses', language] as const;
export const wordStatusSummaryKey = ['word-statuses', 'summary'] as const;

/** GET /words/statuses/?language=: the learner's words of a language that are not new. */
export const wordStatusesQueryOptions = (language: LearningLanguage) =>
  queryOptions({
    queryKey: statusesKey(language),
    queryFn: ({ signal }) => api.get<WordStatusMap>('/words/statuses/', { params: { language }, signal }),
    select: (data) => data.statuses,
  });

/** A word's status in the map (words without one are new). */
export const statusIn = (statuses: WordStatusMap['statuses'] | undefined, lemma: string): WordStatus =>
  statuses?.[lemma] ?? 'new';

export function useWordStatuses(language: LearningLanguage) {
  return useQuery(wordStatusesQueryOptions(language));
}

/** Writes statuses into the cached map at once, so the text recolours before the server answers. */
function patchStatuses(
  queryClient: QueryClient,
  language: LearningLanguage,
  changes: Record<string, WordStatus>,
) {
  queryClient.setQueryData<WordStatusMap>(statusesKey(language), (data) => {
    if (!data) return data;
    const statuses = { ...data.statuses };
    for (const [lemma, status] of Object.entries(changes)) {
      if (status === 'new') delete statuses[lemma];
      else statuses[lemma] = status;
    }
    return { ...data, statuses };
  });
}

/** After a change: the server's map and the counts on home are fetched again. */
function settle(queryClient: QueryClient, language: LearningLanguage) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: statusesKey(language) }),
    queryClient.invalidateQueries({ queryKey: wordStatusSummaryKey }),
  ]);
}

/** PUT /words/statuses/: one word's status, shown at once and undone if the server refuses. */
export function useSetWordStatus(language: LearningLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lemma, status }: { lemma: string; status: WordStatus }) =>
      api.put<WordStatusResult>('/words/statuses/', { language, lemma, status }),
    onMutate: async ({ lemma, status }) => {
      await queryClient.cancelQueries({ queryKey: statusesKey(language) });
      const before = queryClient.getQueryData<WordStatusMap>(statusesKey(language));
      patchStatuses(queryClient, language, { [lemma]: status });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(statusesKey(language), context.before);
    },
    onSettled: () => settle(queryClient, language),
  });
}

/** POST /words/statuses/known/: the page's words that are still new become known. */
export function useMarkKnown(language: LearningLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lemmas: string[]) =>
      api.post<MarkKnownResult>('/words/statuses/known/', { language, lemmas }),
    onMutate: (lemmas) =>
      patchStatuses(queryClient, language, Object.fromEntries(lemmas.map((lemma) => [lemma, 'known']))),
    onSettled: () => settle(queryClient, language),
  });
}

/**
 * POST /words/lookups/: the learner looked the word up while reading. A new word turns learning
 * at once; a due card of the word lapses on the server (reading counts as review), so the decks'
 * counts are fetched again when one did.
 */
export function useLookUpWord(language: LearningLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lemma: string) => api.post<WordLookupResult>('/words/lookups/', { language, lemma }),
    onMutate: (lemma) => {
      const statuses = queryClient.getQueryData<WordStatusMap>(statusesKey(language))?.statuses;
      if (statusIn(statuses, lemma) === 'new') patchStatuses(queryClient, language, { [lemma]: 'learning' });
    },
    onSuccess: async (result) => {
      patchStatuses(queryClient, language, { [result.lemma]: result.status });
      await queryClient.invalidateQueries({ queryKey: wordStatusSummaryKey });
      if (result.lapsed > 0) await queryClient.invalidateQueries({ queryKey: ['decks'] });
    },
  });
}

/** GET /words/statuses/summary/: known and learning words per language, for home. */
export function useWordStatusSummary() {
  return useQuery({
    queryKey: wordStatusSummaryKey,
    queryFn: ({ signal }) => api.get<WordStatusSummary>('/words/statuses/summary/', { signal }),
  });
}

/** Whether the reader colours words by status: a choice of this device, on by default. */
const SHOW_STATUS_KEY = 'reader.word-status';
const listeners = new Set<() => void>();
const readShowStatus = () => localStorage.getItem(SHOW_STATUS_KEY) !== 'off';

export function setShowWordStatus(show: boolean): void {
  localStorage.setItem(SHOW_STATUS_KEY, show ? 'on' : 'off');
  for (const listener of listeners) listener();
}

export function useShowWordStatus(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readShowStatus);
}
