import type { GradedReaderNotice } from '@lendo/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gradedReaderQueryKey } from '@/lib/graded-reader';

/** GET /graded-reader/notices/: the unseen challenge, streak and level-up notices, oldest first. */
export function getNotices(signal?: AbortSignal): Promise<GradedReaderNotice[]> {
  return api.get<GradedReaderNotice[]>('/graded-reader/notices/', { signal });
}

export const noticesQueryKey = [...gradedReaderQueryKey, 'notices'] as const;

export const noticesQueryOptions = () =>
  queryOptions({ queryKey: noticesQueryKey, queryFn: ({ signal }) => getNotices(signal) });

/** Polled by the shell: fetched again on window focus and whenever it is invalidated. */
export function useNotices(enabled: boolean) {
  return useQuery({ ...noticesQueryOptions(), enabled, refetchOnWindowFocus: 'always' });
}

/** POST /graded-reader/notices/{id}/seen/: the notice was shown and is not offered again. */
export function markNoticeSeen(id: string): Promise<void> {
  return api.post<void>(`/graded-reader/notices/${encodeURIComponent(id)}/seen/`);
}

export function useMarkNoticeSeen() {
  return useMutation({ mutationFn: markNoticeSeen });
}
