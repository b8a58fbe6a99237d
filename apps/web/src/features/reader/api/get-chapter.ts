import type { ChapterDetail } from '@lendo/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const chapterQueryKey = (id: string) => ['chapters', id] as const;

/** GET /chapters/{id}/: the chapter's pages, sentences and translations, and where the reader is. */
export function getChapter(id: string, signal?: AbortSignal): Promise<ChapterDetail> {
  return api.get<ChapterDetail>(`/chapters/${encodeURIComponent(id)}/`, { signal });
}

export const chapterQueryOptions = (id: string) =>
  queryOptions({ queryKey: chapterQueryKey(id), queryFn: ({ signal }) => getChapter(id, signal) });

/** The reading page's chapter; its route loader has made sure it is in the cache. */
export function useChapter(id: string) {
  return useSuspenseQuery(chapterQueryOptions(id)).data;
}
