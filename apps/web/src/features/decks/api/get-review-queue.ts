import type { ReviewQueue } from '@lendo/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewQueryKey } from './query-keys';

/** GET /deck/decks/{id}/review/: the next batch of cards due now, and how many are due in all. */
export function getReviewQueue(deckId: string, signal?: AbortSignal): Promise<ReviewQueue> {
  return api.get<ReviewQueue>(`/deck/decks/${encodeURIComponent(deckId)}/review/`, { signal });
}

/**
 * The first batch of a session. It never goes stale while the session runs (a refetch must not
 * change the cards under the learner); the route loader asks afresh on every visit.
 */
export const reviewQueueQueryOptions = (deckId: string) =>
  queryOptions({
    queryKey: [...reviewQueryKey, deckId],
    queryFn: ({ signal }) => getReviewQueue(deckId, signal),
    staleTime: Infinity,
  });
