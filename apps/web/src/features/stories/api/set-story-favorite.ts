import type { StoryDetail } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { storiesQueryKey } from '@/lib/story-cache';
import { storyQueryOptions } from './get-story';

export function setStoryFavorite(id: string, favorite: boolean): Promise<{ favorite: boolean }> {
  return api.put<{ favorite: boolean }>(`/stories/${encodeURIComponent(id)}/favorite/`, { favorite });
}

/**
 * Marks or unmarks a favorite. The story page shows the change at once and takes it back, with an
 * error toast, if the API refuses; the lists and home sections are refreshed afterwards.
 */
export function useSetStoryFavorite(id: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { queryKey } = storyQueryOptions(id);
  return useMutation({
    mutationFn: (favorite: boolean) => setStoryFavorite(id, favorite),
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<StoryDetail>(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, favorite });
      return { previous };
    },
    onError: (_error, _favorite, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error(t('story.favorite.error'), { id: `favorite-${id}` });
    },
    onSuccess: ({ favorite }) => {
      toast.success(t(favorite ? 'story.favorite.added' : 'story.favorite.removed'), {
        id: `favorite-${id}`,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: storiesQueryKey }),
  });
}
