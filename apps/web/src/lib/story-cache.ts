/**
 * Every query of the story library (lists, home sections, story pages) starts with this key, so
 * that whatever changes a reader's progress or favorites can mark them all stale at once.
 */
export const storiesQueryKey = ['stories'] as const;
