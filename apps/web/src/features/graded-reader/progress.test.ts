import type { DailyChallenge, LevelProgress } from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { formatTimeLeft, timeLeft } from '@/lib/countdown';
import { challengeFraction, fraction, levelFraction, pointsToNextLevel, weekDots } from './progress';

const level = (overrides: Partial<LevelProgress>): LevelProgress => ({
  points: 0,
  level: 'elementary',
  next_level: 'pre-intermediate',
  next_level_points: 500,
  level_points: 0,
  ...overrides,
});

const challenge = (overrides: Partial<DailyChallenge>): DailyChallenge => ({
  slot: 0,
  type: 'complete_page',
  target: 5,
  progress: 0,
  completed: false,
  ...overrides,
});

describe('fraction', () => {
  it('is done over total, kept between 0 and 1', () => {
    expect(fraction(2, 8)).toBe(0.25);
    expect(fraction(12, 8)).toBe(1);
    expect(fraction(-1, 8)).toBe(0);
    expect(fraction(3, 0)).toBe(0);
  });
});

describe('challengeFraction', () => {
  it('follows the progress, and is full once the challenge is completed', () => {
    expect(challengeFraction(challenge({ progress: 2 }))).toBe(0.4);
    expect(challengeFraction(challenge({ progress: 9 }))).toBe(1);
    expect(challengeFraction(challenge({ progress: 4, completed: true }))).toBe(1);
  });
});

describe('level progress', () => {
  it('measures from the current level’s threshold to the next one’s', () => {
    const halfway = level({
      points: 1000,
      level: 'pre-intermediate',
      level_points: 500,
      next_level_points: 1500,
    });
    expect(levelFraction(halfway)).toBe(0.5);
    expect(pointsToNextLevel(halfway)).toBe(500);
    expect(levelFraction(level({ points: 0 }))).toBe(0);
  });

  it('is full at the top level, with nothing left to reach', () => {
    const top = level({
      points: 9000,
      level: 'advanced',
      next_level: null,
      next_level_points: null,
      level_points: 7000,
    });
    expect(levelFraction(top)).toBe(1);
    expect(pointsToNextLevel(top)).toBeNull();
  });
});

describe('weekDots', () => {
  const week = [
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-28',
    '2026-11-29',
  ].map((day, index) => ({ day, done: index < 2 }));

  it('names the days Monday first, whatever the device’s time zone, and marks today', () => {
    const dots = weekDots(week, '2026-11-25', 'en');
    expect(dots.map((dot) => dot.short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(dots.filter((dot) => dot.isToday).map((dot) => dot.day)).toEqual(['2026-11-25']);
    expect(dots.map((dot) => dot.done)).toEqual([true, true, false, false, false, false, false]);
    expect(weekDots(week, '2026-11-25', 'pt')[0]?.long).toBe('segunda-feira');
  });
});

describe('the reset countdown', () => {
  const now = Date.parse('2026-11-25T22:58:30Z');

  it('shows hh:mm:ss left until the reset, never below zero', () => {
    expect(formatTimeLeft('2026-11-26T03:00:00Z', now)).toBe('04:01:30');
    expect(formatTimeLeft('2026-11-25T22:58:31Z', now)).toBe('00:00:01');
    expect(formatTimeLeft('2026-11-25T20:00:00Z', now)).toBe('00:00:00');
    expect(timeLeft('2026-11-26T03:00:00Z', now + 1000)).toEqual({ hours: 4, minutes: 1, seconds: 29 });
  });
});
