/**
 * The root of every graded-reader query (dashboard, paths, notices, ranking): a change that can earn
 * points — a comprehension check, a page read, a review — marks them all stale at once.
 */
export const gradedReaderQueryKey = ['graded-reader'] as const;
