import { levelForPoints, type DailyChallenge, type DailyChallengeType } from '@lendo/shared';
import type { Executor } from '../../db/client.ts';
import { CHALLENGE_KIND, drawChallenges } from './challenges.ts';
import { gradedReaderRepository as repo } from './repository.ts';
import { streakOnFirstCompletion } from './streak.ts';

/**
 * A learner's challenges of a local day with their progress, drawn on first need (targets for the
 * level the learner has then). Challenges whose progress reached the target are completed here,
 * each with its notice, and the day's first completion tells how the streak went. Run it in the
 * transaction that wrote the day's ledger rows, or on a read.
 */
export async function settleDay(
  tx: Executor,
  userId: string,
  day: string,
  now: Date,
): Promise<DailyChallenge[]> {
  let { rows, counts } = await repo.challengesWithCounts(tx, userId, day);
  if (rows.length === 0) {
    const level = levelForPoints(await repo.totalOf(tx, userId, 'points', 'all'));
    await repo.insertChallenges(
      tx,
      drawChallenges(userId, day, level).map((drawn) => ({ userId, localDay: day, ...drawn })),
    );
    ({ rows, counts } = await repo.challengesWithCounts(tx, userId, day));
  }
  const dayWasDone = rows.some((row) => row.completedAt !== null);
  const challenges: DailyChallenge[] = [];
  let completedNow = false;
  for (const row of rows) {
    const type = row.type as DailyChallengeType;
    const progress = Math.min(counts.get(CHALLENGE_KIND[type]) ?? 0, row.target);
    const challenge = {
      slot: row.slot,
      type,
      target: row.target,
      progress,
      completed: progress >= row.target,
    };
    challenges.push(challenge);
    if (
      row.completedAt === null &&
      challenge.completed &&
      (await repo.completeChallenge(tx, userId, day, row.slot, now))
    ) {
      completedNow = true;
      await repo.insertNotice(tx, {
        userId,
        kind: 'challenge',
        key: `challenge:${day}:${row.slot}`,
        payload: { challenge },
        createdAt: now,
      });
    }
  }
  if (completedNow && !dayWasDone) {
    const before = (await repo.doneDays(tx, userId)).filter((done) => done < day);
    await repo.insertNotice(tx, {
      userId,
      kind: 'streak',
      key: `streak:${day}`,
      payload: streakOnFirstCompletion(before, day),
      createdAt: now,
    });
  }
  return challenges;
}
