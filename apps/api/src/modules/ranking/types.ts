import type { Level, RANKING_BOARDS, RANKING_PERIODS, RANKING_SCOPES } from '@lendo/shared';

export type Period = (typeof RANKING_PERIODS)[number];
export type Board = (typeof RANKING_BOARDS)[number];
export type Scope = (typeof RANKING_SCOPES)[number];

/** One ranking: a board of a period (points_totals.period: 'all' or a Monday), world or one filter. */
export interface Standing {
  board: Board;
  /** 'all' or the week's Monday, UTC, YYYY-MM-DD. */
  period: string;
  scope: Scope;
  /** The country (scope=country) or level (scope=level); null for the world. */
  filter: string | null;
}

export interface Ranked {
  userId: string;
  points: number;
  /** 1 + the learners with more points: ties share a rank. */
  rank: number;
}

/**
 * Where rankings are read from: points_totals (SQL) or Redis sorted sets. Only active accounts
 * count. Within a tie the order is stable but unspecified.
 */
export interface StandingSource {
  /** The first `limit` learners, best first. */
  top(standing: Standing, limit: number): Promise<Ranked[]>;
  /** 1 + the learners with more than `points`. */
  rankOfPoints(standing: Standing, points: number): Promise<number>;
  total(standing: Standing): Promise<number>;
  /** The learner and `neighbours` either side, best first; [] when the learner is not on it. */
  around(standing: Standing, userId: string, points: number, neighbours: number): Promise<Ranked[]>;
  changed(ids: string[]): Promise<void>;
  close(): Promise<void>;
}

/** What the graded reader (and anything else) needs of the rankings. */
export interface Rankings {
  /** Tell the rankings whose points_totals rows changed (after the transaction commits). */
  changed(ids: string[]): Promise<void>;
  rankOf(
    userId: string,
    q: { period: Period; board: Board; scope: Scope },
  ): Promise<{ rank: number | null; points: number }>;
  close(): Promise<void>;
}

export type { Level };
