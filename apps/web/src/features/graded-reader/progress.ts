import type { DailyChallenge, LevelProgress, Streak } from '@lendo/shared';

/** `done` of `total` as 0…1, for a progress bar (0 when there is nothing to do). */
export function fraction(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, done / total));
}

/** How far a challenge is: full once it is completed, whatever the count says. */
export const challengeFraction = (challenge: DailyChallenge) =>
  challenge.completed ? 1 : fraction(challenge.progress, challenge.target);

/** Progress from the current level's threshold to the next one's; full at the top level. */
export function levelFraction(level: LevelProgress): number {
  if (level.next_level_points === null) return 1;
  return fraction(level.points - level.level_points, level.next_level_points - level.level_points);
}

/** Points still needed for the next level; null at the top level. */
export function pointsToNextLevel(level: LevelProgress): number | null {
  return level.next_level_points === null ? null : Math.max(0, level.next_level_points - level.points);
}

export interface WeekDot {
  day: string;
  done: boolean;
  isToday: boolean;
  /** The weekday, short ("Mon", "seg.") and in full for assistive technology. */
  short: string;
  long: string;
}

/**
 * The streak's week as dots, Monday first, with today marked. Days are local dates (YYYY-MM-DD);
 * they are named at noon UTC so that no time zone moves them to the day before.
 */
export function weekDots(week: Streak['week'], today: string, locale: string): WeekDot[] {
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return week.map(({ day, done }) => {
    const noon = new Date(`${day}T12:00:00Z`);
    return { day, done, isToday: day === today, short: short.format(noon), long: long.format(noon) };
  });
}
