import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const usersRepository = {
  async findById(db: Executor, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  },
  async findByEmail(db: Executor, email: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row ?? null;
  },
  async usernameTaken(db: Executor, username: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return Boolean(row);
  },
  async insert(db: Executor, user: NewUser) {
    const [row] = await db.insert(users).values(user).returning();
    return row!;
  },
  async update(db: Executor, id: string, changes: Partial<NewUser>) {
    const [row] = await db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  },
};

export const refreshTokensRepository = {
  async insert(db: Executor, token: typeof refreshTokens.$inferInsert) {
    await db.insert(refreshTokens).values(token);
  },
  async findByHash(db: Executor, tokenHash: string) {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row ?? null;
  },
  /** Marks a token spent; false when another request spent it first. */
  async markUsed(db: Executor, id: string, at: Date) {
    const rows = await db
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  },
  async revokeFamily(db: Executor, familyId: string, at: Date) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  },
  async revokeAllForUser(db: Executor, userId: string, at: Date) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },
};

export const resetTokensRepository = {
  async insert(db: Executor, token: typeof passwordResetTokens.$inferInsert) {
    await db.insert(passwordResetTokens).values(token);
  },
  /** Spends a reset token if it is unused and unexpired; returns its user id, or null. */
  async consume(db: Executor, tokenHash: string, at: Date) {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, at),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId ?? null;
  },
};
