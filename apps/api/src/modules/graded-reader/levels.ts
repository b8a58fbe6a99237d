import { LEVEL_THRESHOLDS, LEVELS, levelForPoints, type LevelProgress } from '@lendo/shared';

/** A learner's level from their all-time points, with the next threshold for a progress bar. */
export function levelProgress(points: number): LevelProgress {
  const level = levelForPoints(points);
  const next = LEVELS[LEVELS.indexOf(level) + 1] ?? null;
  return {
    points,
    level,
    next_level: next,
    next_level_points: next ? LEVEL_THRESHOLDS[next] : null,
    level_points: LEVEL_THRESHOLDS[level],
  };
}
