import type { StoryHome } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storiesQueryKey } from '@/lib/story-cache';

/** GET /stories/home/: recommended, recently added, in progress and favorite stories. */
export function getStoryHome(signal?: AbortSignal): Promise<StoryHome> {
  return api.get<StoryHome>('/stories/home/', { signal });
}

export const storyHomeQueryOptions = () =>
  queryOptions({
    queryKey: [...storiesQueryKey, 'home'],
    queryFn: ({ signal }) => getStoryHome(signal),
  });

/** The home page's four sections. */
export function useStoryHome() {
  return useQuery(storyHomeQueryOptions());
}
