import type { Me, OnboardingBody } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/me';

export function completeOnboarding(body: OnboardingBody): Promise<Me> {
  return api.post<Me>('/auth/onboarding/', body);
}

/** Saves the three answers; the API answers with the updated user, which replaces the cached one. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (me, { language, proficiency, motivation }) => {
      track('onboarding_completed', { language, proficiency, motivation });
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}
