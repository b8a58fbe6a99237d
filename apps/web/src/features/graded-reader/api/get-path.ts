import type { PathDetail } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gradedReaderQueryKey } from '@/lib/graded-reader';

/** GET /graded-reader/paths/{id}/: one path's stories in order, each unlocked by the one before. */
export function getPath(id: string, signal?: AbortSignal): Promise<PathDetail> {
  return api.get<PathDetail>(`/graded-reader/paths/${encodeURIComponent(id)}/`, { signal });
}

export const pathQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...gradedReaderQueryKey, 'paths', id],
    queryFn: ({ signal }) => getPath(id, signal),
  });

export function usePath(id: string, enabled = true) {
  return useQuery({ ...pathQueryOptions(id), enabled });
}
