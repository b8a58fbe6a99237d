import type { StoryListQuery, StoryPage } from '@lendo/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storiesQueryKey } from '@/lib/story-cache';

/** What the library is searched for; pages are loaded one after another. */
export type StorySearch = Omit<StoryListQuery, 'page' | 'page_size'>;

/** GET /stories/: one page of the stories that match. */
export function getStories(
  query: StorySearch & { page?: number; page_size?: number },
  signal?: AbortSignal,
): Promise<StoryPage> {
  return api.get<StoryPage>('/stories/', { params: { ...query }, signal });
}

export const storiesQueryOptions = (search: StorySearch) =>
  infiniteQueryOptions({
    queryKey: [...storiesQueryKey, 'list', search],
    queryFn: ({ pageParam, signal }) => getStories({ ...search, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.count ? last.page + 1 : undefined),
  });

/**
 * The matching stories, a page at a time ("load more"). While a new search loads, the previous
 * results stay on screen.
 */
export function useStories(search: StorySearch) {
  return useInfiniteQuery({ ...storiesQueryOptions(search), placeholderData: keepPreviousData });
}
