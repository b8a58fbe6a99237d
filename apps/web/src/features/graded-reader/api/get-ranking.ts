import type { Level, Ranking, RANKING_BOARDS, RANKING_PERIODS, RANKING_SCOPES } from '@lendo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gradedReaderQueryKey } from '@/lib/graded-reader';

export type RankingPeriod = (typeof RANKING_PERIODS)[number];
export type RankingBoard = (typeof RANKING_BOARDS)[number];
export type RankingScope = (typeof RANKING_SCOPES)[number];

export interface RankingFilter {
  period: RankingPeriod;
  board: RankingBoard;
  scope: RankingScope;
  /** For scope=level; the learner's own level when not given. */
  level?: Level;
}

/** GET /ranking/: the top of one board, and the learner with their neighbours when below it. */
export function getRanking(filter: RankingFilter, signal?: AbortSignal): Promise<Ranking> {
  return api.get<Ranking>('/ranking/', { params: { ...filter }, signal });
}

export const rankingQueryOptions = (filter: RankingFilter) =>
  queryOptions({
    queryKey: [...gradedReaderQueryKey, 'ranking', filter],
    queryFn: ({ signal }) => getRanking(filter, signal),
  });

/** Switching tabs keeps the board on screen (dimmed) until the next one arrives. */
export function useRanking(filter: RankingFilter, enabled = true) {
  return useQuery({ ...rankingQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
