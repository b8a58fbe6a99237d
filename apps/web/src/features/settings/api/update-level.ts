import type { Proficiency } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/me';
import { storiesQueryKey } from '@/lib/story-cache';
import { updateUser } from './update-user';

/** Saves the learner's level (the onboarding answer); the home page then recommends around it. */
export function useUpdateLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proficiency: Proficiency) => updateUser({ proficiency }),
    onSuccess: async (me) => {
      queryClient.setQueryData(meQueryKey, me);
      await queryClient.invalidateQueries({ queryKey: storiesQueryKey });
    },
  });
}
