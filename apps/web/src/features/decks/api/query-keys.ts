/**
 * Every query of decks and flashcards (lists, pages of cards, statistics) starts with this key, so
 * that a change to a deck or a card marks them all stale at once (SPEC §4 cache refresh). Review
 * queues live under their own key: a review in progress must not be refetched under the learner.
 */
export const decksQueryKey = ['decks'] as const;
export const reviewQueryKey = ['review'] as const;
