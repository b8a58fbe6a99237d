import { describe, expect, it } from 'vitest';
import { drawChallenges } from './challenges.ts';
import { weekPeriod } from '../ranking/period.ts';
import { addDays, mondayOf } from './days.ts';
import { longestRun, runEndingOn, streakOnFirstCompletion } from './streak.ts';

describe('streak days', () => {
  const done = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05'];

  it('measures runs of consecutive days', () => {
    expect(runEndingOn(new Set(done), '2026-11-03')).toBe(3);
    expect(runEndingOn(new Set(done), '2026-11-04')).toBe(0);
    expect(longestRun(done)).toBe(3);
    expect(longestRun([])).toBe(0);
  });

  it('continues yesterday’s run, breaks an older one, and starts the first at 1', () => {
    expect(streakOnFirstCompletion(done, '2026-11-06')).toEqual({
      outcome: 'continued',
      days: 2,
      previous: 1,
    });
    expect(streakOnFirstCompletion(done, '2026-11-08')).toEqual({ outcome: 'broken', days: 1, previous: 1 });
    expect(streakOnFirstCompletion(done.slice(0, 3), '2026-11-05')).toEqual({
      outcome: 'broken',
      days: 1,
      previous: 3,
    });
    expect(streakOnFirstCompletion([], '2026-11-05')).toEqual({ outcome: 'continued', days: 1, previous: 0 });
  });
});

describe('days', () => {
  it('steps over months and finds the Monday of a week', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(weekPeriod(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-23');
  });
});

describe('drawChallenges', () => {
  it('draws three distinct types, the same for a learner and day, with targets by level', () => {
    const drawn = drawChallenges('u1', '2026-11-25', 'elementary');
    expect(drawn).toHaveLength(3);
    expect(new Set(drawn.map((c) => c.type)).size).toBe(3);
    expect(drawChallenges('u1', '2026-11-25', 'elementary')).toEqual(drawn);
    const advanced = drawChallenges('u1', '2026-11-25', 'advanced');
    expect(advanced.map((c) => c.type)).toEqual(drawn.map((c) => c.type));
    advanced.forEach((c, i) => expect(c.target).toBeGreaterThanOrEqual(drawn[i]!.target));
    const days = Array.from({ length: 30 }, (_, i) => addDays('2026-11-01', i));
    const sets = new Set(
      days.map((day) =>
        drawChallenges('u1', day, 'elementary')
          .map((c) => c.type)
          .join(),
      ),
    );
    expect(sets.size).toBeGreaterThan(5);
  });
});
