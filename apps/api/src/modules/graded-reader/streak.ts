import { addDays } from './days.ts';

/** The length of the run of consecutive days in `done` that ends on `last` (0 if `last` is not done). */
export function runEndingOn(done: ReadonlySet<string>, last: string): number {
  let length = 0;
  while (done.has(addDays(last, -length))) length += 1;
  return length;
}

/** The longest run of consecutive days in `days` (ascending, distinct). */
export function longestRun(days: readonly string[]): number {
  let longest = 0;
  let current = 0;
  days.forEach((day, i) => {
    current = i > 0 && addDays(days[i - 1]!, 1) === day ? current + 1 : 1;
    longest = Math.max(longest, current);
  });
  return longest;
}

export type StreakOutcome = { outcome: 'continued' | 'broken'; days: number; previous: number };

/**
 * What the first completed challenge of `today` does to the streak, from the days done before it:
 * it continues yesterday's run, or starts again after a run that ended earlier (broken). The very
 * first day done starts a streak of 1.
 */
export function streakOnFirstCompletion(doneBefore: readonly string[], today: string): StreakOutcome {
  const done = new Set(doneBefore);
  const running = runEndingOn(done, addDays(today, -1));
  if (running > 0) return { outcome: 'continued', days: running + 1, previous: running };
  const last = [...done]
    .filter((day) => day < today)
    .sort()
    .at(-1);
  const previous = last ? runEndingOn(done, last) : 0;
  return { outcome: previous > 0 ? 'broken' : 'continued', days: 1, previous };
}
