import type { LearningLanguage, Me } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { meQueryKey } from './me';
import { storiesQueryKey } from './story-cache';

/**
 * PUT /auth/update-user/ {study_languages}: the languages studied, the one shown first. More than
 * one needs Premium (403 limits.languages).
 */
export function setStudyLanguages(languages: LearningLanguage[]): Promise<Me> {
  return api.put<Me>('/auth/update-user/', { study_languages: languages });
}

/** Saves the languages studied; the library and decks then follow the first one. */
export function useSetStudyLanguages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStudyLanguages,
    onSuccess: async (me) => {
      queryClient.setQueryData(meQueryKey, me);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: storiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['decks'] }),
      ]);
    },
  });
}
