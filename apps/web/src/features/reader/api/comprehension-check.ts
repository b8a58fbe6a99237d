import type { ComprehensionCheck, ComprehensionResult } from '@lendo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gradedReaderQueryKey } from '@/lib/graded-reader';

const checkPath = (chapterId: string) => `/graded-reader/chapters/${encodeURIComponent(chapterId)}/check/`;

/** GET /graded-reader/chapters/{id}/check/: the chapter's questions, without their answers. */
export function getComprehensionCheck(chapterId: string, signal?: AbortSignal): Promise<ComprehensionCheck> {
  return api.get<ComprehensionCheck>(checkPath(chapterId), { signal });
}

export const comprehensionCheckQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: [...gradedReaderQueryKey, 'check', chapterId],
    queryFn: ({ signal }) => getComprehensionCheck(chapterId, signal),
  });

export function useComprehensionCheck(chapterId: string, enabled: boolean) {
  return useQuery({ ...comprehensionCheckQueryOptions(chapterId), enabled });
}

/** POST /graded-reader/chapters/{id}/check/: the chosen option per question; the answer marks them. */
export function submitComprehensionCheck(chapterId: string, answers: number[]): Promise<ComprehensionResult> {
  return api.post<ComprehensionResult>(checkPath(chapterId), { answers });
}

/**
 * A passed check completes the chapter in its path and may earn points, finish a challenge or reach a
 * level: every graded-reader query (dashboard, paths, notices) is marked stale. The check itself is
 * left alone so that the answers stay on screen.
 */
export function useSubmitComprehensionCheck(chapterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: number[]) => submitComprehensionCheck(chapterId, answers),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: gradedReaderQueryKey,
        predicate: (query) => query.queryKey[1] !== 'check',
      }),
  });
}
