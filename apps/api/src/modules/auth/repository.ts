import { and, desc, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  emailChangeTokens,
  identities,
  oidcStates,
  passwordResetTokens,
  refreshTokens,
  users,
} from '../../db/schema.ts';

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
  /**
   * The user with the address of their pending email change, if any is still open at `now`, and
   * when that change expires.
   */
  async findWithPendingEmail(db: Executor, id: string, now: Date) {
    const pending = (column: typeof emailChangeTokens.newEmail | typeof emailChangeTokens.expiresAt) =>
      db
        .select({ column })
        .from(emailChangeTokens)
        .where(
          and(
            eq(emailChangeTokens.userId, users.id),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, now),
            // A link to verify the address the account already has is not a change.
            sql`lower(${emailChangeTokens.newEmail}) <> lower(${users.email})`,
          ),
        )
        .orderBy(desc(emailChangeTokens.createdAt))
        .limit(1);
    const [row] = await db
      .select({
        user: users,
        pendingEmail: sql<string | null>`(${pending(emailChangeTokens.newEmail)})`,
        // Read as the column is (a Date); null when nothing is pending.
        pendingEmailExpiresAt: sql`(${pending(emailChangeTokens.expiresAt)})`.mapWith(
          emailChangeTokens.expiresAt,
        ) as SQL<Date | null>,
      })
      .from(users)
      .where(eq(users.id, id));
    return row ?? null;
  },
  /** Whether the account exists and is not deactivated. */
  async isActive(db: Executor, id: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deactivatedAt)));
    return Boolean(row);
  },
  /** Whether another account (not `exceptId`) has this username, in any case. */
  async usernameTaken(db: Executor, username: string, exceptId?: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`lower(${users.username}) = lower(${username})`,
          exceptId ? ne(users.id, exceptId) : undefined,
        ),
      );
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
  /** Deletes the account; every row it owns goes with it (ON DELETE CASCADE). */
  async delete(db: Executor, id: string) {
    await db.delete(users).where(eq(users.id, id));
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
  /** The user's sessions (families) revoked since `since`: their access tokens may still be unexpired. */
  async revokedFamilies(db: Executor, userId: string, since: Date) {
    const rows = await db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), gt(refreshTokens.revokedAt, since)));
    return rows.map((row) => row.familyId);
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
  /** Whether a reset token can still be spent (unused and unexpired). */
  async isValid(db: Executor, tokenHash: string, at: Date) {
    const [row] = await db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, at),
        ),
      );
    return Boolean(row);
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

export const emailChangesRepository = {
  /** Records a requested change, replacing any still pending, whose links stop working. */
  async replace(db: Executor, change: typeof emailChangeTokens.$inferInsert) {
    await db.transaction(async (tx) => {
      await emailChangesRepository.discardPending(tx, change.userId);
      await tx.insert(emailChangeTokens).values(change);
    });
  },
  async discardPending(db: Executor, userId: string) {
    await db
      .delete(emailChangeTokens)
      .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
  },
  /** Spends a link if it is unused and unexpired; returns its user and new address, or null. */
  async consume(db: Executor, tokenHash: string, at: Date) {
    const [row] = await db
      .update(emailChangeTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(emailChangeTokens.tokenHash, tokenHash),
          isNull(emailChangeTokens.usedAt),
          gt(emailChangeTokens.expiresAt, at),
        ),
      )
      .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
    return row ?? null;
  },
};

export type IdentityRow = typeof identities.$inferSelect;

export const identitiesRepository = {
  async find(db: Executor, provider: string, subject: string) {
    const [row] = await db
      .select()
      .from(identities)
      .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
    return row ?? null;
  },
  async listForUser(db: Executor, userId: string) {
    return db.select().from(identities).where(eq(identities.userId, userId)).orderBy(identities.createdAt);
  },
  /** Links a provider account to the user, replacing the one of that provider they had. */
  async link(db: Executor, identity: typeof identities.$inferInsert) {
    await db
      .insert(identities)
      .values(identity)
      .onConflictDoUpdate({
        target: [identities.userId, identities.provider],
        set: { subject: identity.subject, email: identity.email, createdAt: sql`now()` },
      });
  },
  async unlink(db: Executor, userId: string, provider: string) {
    await db.delete(identities).where(and(eq(identities.userId, userId), eq(identities.provider, provider)));
  },
};

export const oidcStatesRepository = {
  /** Stores a sign-in in flight and clears those that expired. */
  async insert(db: Executor, state: typeof oidcStates.$inferInsert, now: Date) {
    await db.delete(oidcStates).where(lt(oidcStates.expiresAt, now));
    await db.insert(oidcStates).values(state);
  },
  /** Takes a sign-in in flight out (each is used once); null when unknown or expired. */
  async take(db: Executor, state: string, now: Date) {
    const [row] = await db.delete(oidcStates).where(eq(oidcStates.state, state)).returning();
    return row && row.expiresAt > now ? row : null;
  },
};
