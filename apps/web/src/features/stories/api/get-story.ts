import type { StoryDetail } from '@lendo/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storiesQueryKey } from '@/lib/story-cache';

/** GET /stories/{id}/: the story with its chapters and the reader's progress. */
export function getStory(id: string, signal?: AbortSignal): Promise<StoryDetail> {
  return api.get<StoryDetail>(`/stories/${encodeURIComponent(id)}/`, { signal });
}

export const storyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...storiesQueryKey, 'detail', id],
    queryFn: ({ signal }) => getStory(id, signal),
  });

/** The story page's data; its route loader has made sure it is in the cache. */
export function useStory(id: string) {
  return useSuspenseQuery(storyQueryOptions(id)).data;
}
