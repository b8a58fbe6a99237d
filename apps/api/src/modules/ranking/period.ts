const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday (UTC) of the week `at` falls in: 00:00 UTC of that day. */
export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The points_totals period of the week `at` falls in: its Monday, UTC, as YYYY-MM-DD. */
export function weekPeriod(at: Date): string {
  return weekStart(at).toISOString().slice(0, 10);
}

/** The points_totals period of a ranking: 'all', or this week's Monday. */
export function periodKey(period: 'week' | 'all', now: Date): string {
  return period === 'all' ? 'all' : weekPeriod(now);
}
