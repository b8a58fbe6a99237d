import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { wordContextCache } from '../../db/schema.ts';

export type CachedWordContext = typeof wordContextCache.$inferInsert;

export const wordContextRepository = {
  async find(db: Executor, key: string) {
    const [row] = await db.select().from(wordContextCache).where(eq(wordContextCache.key, key));
    return row ?? null;
  },
  /** Keeps the first answer when two requests asked the same question at once. */
  async insert(db: Executor, row: CachedWordContext) {
    await db.insert(wordContextCache).values(row).onConflictDoNothing();
  },
};
