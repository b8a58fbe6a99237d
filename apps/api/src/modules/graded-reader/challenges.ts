import { createHash } from 'node:crypto';
import {
  DAILY_CHALLENGE_TYPES,
  DAILY_CHALLENGES_PER_DAY,
  LEVELS,
  type DailyChallengeType,
  type Level,
  type PointsKind,
} from '@lendo/shared';

/** The ledger kind whose rows of the day are a challenge's progress (one row each; a minute for reading). */
export const CHALLENGE_KIND: Record<DailyChallengeType, PointsKind> = {
  complete_page: 'page',
  complete_chapter: 'chapter',
  complete_story: 'story',
  create_flashcard: 'flashcard',
  create_deck: 'deck',
  review_deck: 'deck_review',
  learn_word: 'word_learned',
  read_for_time: 'reading',
};

/** Targets per level, elementary … advanced: a higher level asks a little more each day. */
const TARGETS: Record<DailyChallengeType, readonly number[]> = {
  complete_page: [3, 4, 5, 6, 8],
  complete_chapter: [1, 1, 2, 2, 3],
  complete_story: [1, 1, 1, 1, 1],
  create_flashcard: [3, 4, 5, 6, 8],
  create_deck: [1, 1, 1, 1, 1],
  review_deck: [1, 1, 2, 2, 3],
  learn_word: [1, 2, 3, 4, 5],
  read_for_time: [5, 10, 15, 20, 30],
};

export interface DrawnChallenge {
  slot: number;
  type: DailyChallengeType;
  target: number;
}

/**
 * A learner's challenges of a local day: DAILY_CHALLENGES_PER_DAY distinct types, drawn by a
 * shuffle seeded with the learner and the day, so any instance draws the same ones.
 */
export function drawChallenges(userId: string, day: string, level: Level): DrawnChallenge[] {
  const seed = createHash('sha256').update(`${userId}/${day}`).digest();
  const types: DailyChallengeType[] = [...DAILY_CHALLENGE_TYPES];
  for (let i = types.length - 1; i > 0; i -= 1) {
    const j = seed.readUInt16BE(i * 2) % (i + 1);
    [types[i], types[j]] = [types[j]!, types[i]!];
  }
  return types.slice(0, DAILY_CHALLENGES_PER_DAY).map((type, slot) => ({
    slot,
    type,
    target: TARGETS[type][LEVELS.indexOf(level)]!,
  }));
}
