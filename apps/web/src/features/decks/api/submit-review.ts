import type { ReviewBody, ReviewResult } from '@lendo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /deck/reviews/: one answer; the server schedules the card's next showing. */
export function submitReview(body: ReviewBody): Promise<ReviewResult> {
  return api.post<ReviewResult>('/deck/reviews/', body);
}

/** Deck lists and statistics are refreshed when the session ends, not after every answer. */
export function useSubmitReview() {
  return useMutation({ mutationFn: submitReview });
}
