import type { StoryCard, StoryGenBody, StoryGenEvent, StoryGenHome } from '@lendo/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postEventStream } from '@/lib/api-client';
import { storiesQueryKey } from '@/lib/story-cache';

const storyGenKey = ['story-gen'] as const;

/** GET /story-gen/: the generator's mode, the plan's AI sentences, words to suggest, the learner's stories. */
export const storyGenHomeQueryOptions = () =>
  queryOptions({
    queryKey: storyGenKey,
    queryFn: ({ signal }) => api.get<StoryGenHome>('/story-gen/', { signal }),
  });

export function useStoryGenHome() {
  return useQuery(storyGenHomeQueryOptions());
}

/** POST /story-gen/ (a new story) or /story-gen/{id}/chapters/{n}/ (one chapter rewritten), as it streams. */
export function streamStory(
  target: { body: StoryGenBody } | { storyId: string; chapter: number },
  signal: AbortSignal,
): AsyncGenerator<StoryGenEvent> {
  return 'body' in target
    ? postEventStream<StoryGenEvent>('/story-gen/', target.body, signal)
    : postEventStream<StoryGenEvent>(
        `/story-gen/${encodeURIComponent(target.storyId)}/chapters/${target.chapter}/`,
        {},
        signal,
      );
}

/** Renaming and deleting the learner's own stories; both refresh the generator's page and the shelves. */
export function useOwnStoryActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: storyGenKey }),
      queryClient.invalidateQueries({ queryKey: storiesQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['chapters'] }),
    ]);
  return {
    refresh,
    async rename(id: string, title: string) {
      const card = await api.patch<StoryCard>(`/story-gen/${encodeURIComponent(id)}/`, { title });
      await refresh();
      return card;
    },
    async remove(id: string) {
      await api.delete<void>(`/story-gen/${encodeURIComponent(id)}/`);
      await refresh();
    },
  };
}
