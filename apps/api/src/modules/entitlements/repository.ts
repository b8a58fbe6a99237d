import { and, count, eq, sql } from 'drizzle-orm';
import type { Meter } from '@lendo/shared';
import type { Executor } from '../../db/client.ts';
import { decks, usageCounters } from '../../db/schema.ts';

const counter = (userId: string, month: string, meter: Meter) =>
  and(eq(usageCounters.userId, userId), eq(usageCounters.month, month), eq(usageCounters.feature, meter));

export const entitlementsRepository = {
  /** This month's use of each meter that has a row. */
  async usage(db: Executor, userId: string, month: string) {
    const rows = await db
      .select({ meter: usageCounters.feature, amount: usageCounters.amount })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.month, month)));
    return new Map(rows.map((row) => [row.meter as Meter, row.amount]));
  },

  async used(db: Executor, userId: string, month: string, meter: Meter) {
    const [row] = await db
      .select({ amount: usageCounters.amount })
      .from(usageCounters)
      .where(counter(userId, month, meter));
    return row?.amount ?? 0;
  },

  /**
   * Adds `amount` to a meter in one statement (safe under concurrent requests). With a `limit`,
   * adds only while the total stays within it; false when it would not.
   */
  async add(db: Executor, userId: string, month: string, meter: Meter, amount: number, limit: number | null) {
    if (limit !== null && amount > limit) return false;
    const rows = await db
      .insert(usageCounters)
      .values({ userId, month, feature: meter, amount })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.month, usageCounters.feature],
        set: { amount: sql`${usageCounters.amount} + excluded.amount` },
        setWhere: limit === null ? undefined : sql`${usageCounters.amount} + excluded.amount <= ${limit}`,
      })
      .returning({ amount: usageCounters.amount });
    return rows.length === 1;
  },

  async deckCount(db: Executor, userId: string) {
    const [row] = await db.select({ n: count() }).from(decks).where(eq(decks.userId, userId));
    return row?.n ?? 0;
  },
};
