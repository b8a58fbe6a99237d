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

/** What a ranking shows of a learner besides rank and points. */
export interface Details {
  username: string;
  avatar_url: string | null;
  country: string | null;
  level: Level;
}

export interface Ranked {
  userId: string;
  points: number;
  /** 1 + the learners with more points: ties share a rank. */
  rank: number;
  /** When the source read them with the row (otherwise the service looks them up). */
  details?: Details;
}

/** The top of a standing and its size, read at once (the service keeps it for a moment). */
export interface StandingPage {
  /** The first learners, best first. */
  top: Ranked[];
  total: number;
  /** 1 + the learners with more than `points`, when the page can tell (SQL: from its points spread). */
  rankOf?: (points: number) => number;
}

/** The asking learner, read once per request. */
export interface Learner {
  /** The learner's row of the asked board and period, and the country and level written on it. */
  points: number | null;
  rowCountry: string | null;
  rowLevel: string | null;
  /** The standing's filter: the one asked for, else the learner's own country or level (world: null). */
  filter: string | null;
  details: Details | null;
  /** SQL: the learners just before and after them on that standing, read in the same statement. */
  nearby?: Array<{ userId: string; points: number; details: Details }>;
}

/** The standing a learner asks for: its filter null unless given (then the learner's own). */
export interface StandingQuery {
  board: Board;
  period: string;
  scope: Scope;
  filter: string | null;
}

/**
 * Where rankings are read from: points_totals (SQL) or Redis sorted sets. Only active accounts
 * count. Within a tie the order is stable but unspecified.
 */
export interface StandingSource {
  /** The learner, their row of the board and period, and (with `nearby`, when the source can) their neighbours. */
  learner(userId: string, q: StandingQuery, nearby: boolean): Promise<Learner>;
  /** The first `limit` learners and the total, read fresh. */
  page(standing: Standing, limit: number): Promise<StandingPage>;
  /** 1 + the learners with more than `points`, for pages without `rankOf`. */
  rankOfPoints(standing: Standing, points: number): Promise<number>;
  /** The learner and `neighbours` either side, best first; [] when the learner is not on it. */
  around(
    standing: Standing,
    learner: Learner & { userId: string; points: number },
    neighbours: number,
    page: StandingPage,
  ): Promise<Ranked[]>;
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
