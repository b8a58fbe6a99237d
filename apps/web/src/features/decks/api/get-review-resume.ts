import type { ReviewResume } from '@lendo/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

/** GET /deck/decks/{id}/review-resume/: today's reviews of the deck. */
export function getReviewResume(deckId: string, signal?: AbortSignal): Promise<ReviewResume> {
  return api.get<ReviewResume>(`/deck/decks/${encodeURIComponent(deckId)}/review-resume/`, { signal });
}

export const reviewResumeQueryOptions = (deckId: string) =>
  queryOptions({
    queryKey: [...decksQueryKey, 'review-resume', deckId],
    queryFn: ({ signal }) => getReviewResume(deckId, signal),
  });

export function useReviewResume(deckId: string): ReviewResume {
  return useSuspenseQuery(reviewResumeQueryOptions(deckId)).data;
}
