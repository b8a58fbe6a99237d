import type { ChapterReadSummary } from '@lendo/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterQueryKey } from './get-chapter';

/** GET /chapters/{id}/summary/: what the reader read in the chapter, for the finished page. */
export function getChapterSummary(id: string, signal?: AbortSignal): Promise<ChapterReadSummary> {
  return api.get<ChapterReadSummary>(`/chapters/${encodeURIComponent(id)}/summary/`, { signal });
}

export const chapterSummaryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...chapterQueryKey(id), 'summary'],
    queryFn: ({ signal }) => getChapterSummary(id, signal),
  });

export function useChapterSummary(id: string) {
  return useSuspenseQuery(chapterSummaryQueryOptions(id)).data;
}
