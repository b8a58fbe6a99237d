import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { LearningLanguage, StoredWordStatus } from '@lendo/shared';
import type { Executor } from '../../db/client.ts';
import { wordStatuses } from '../../db/schema.ts';

const key = (userId: string, language: LearningLanguage) =>
  and(eq(wordStatuses.userId, userId), eq(wordStatuses.language, language));

/** The only code that touches word_statuses. */
export const wordStatusRepository = {
  async list(db: Executor, userId: string, language: LearningLanguage) {
    return db
      .select({ lemma: wordStatuses.lemma, status: wordStatuses.status })
      .from(wordStatuses)
      .where(key(userId, language));
  },

  async find(db: Executor, userId: string, language: LearningLanguage, lemma: string) {
    const [row] = await db
      .select({ status: wordStatuses.status })
      .from(wordStatuses)
      .where(and(key(userId, language), eq(wordStatuses.lemma, lemma)));
    return (row?.status as StoredWordStatus | undefined) ?? null;
  },

  async set(
    db: Executor,
    row: { userId: string; language: LearningLanguage; lemma: string; status: StoredWordStatus },
    now: Date,
  ) {
    await db
      .insert(wordStatuses)
      .values({ ...row, updatedAt: now })
      .onConflictDoUpdate({
        target: [wordStatuses.userId, wordStatuses.language, wordStatuses.lemma],
        set: { status: row.status, updatedAt: now },
      });
  },

  async remove(db: Executor, userId: string, language: LearningLanguage, lemma: string) {
    await db.delete(wordStatuses).where(and(key(userId, language), eq(wordStatuses.lemma, lemma)));
  },

  /** Gives the words that have no status yet this one; returns how many it gave it to. */
  async addNew(
    db: Executor,
    userId: string,
    language: LearningLanguage,
    lemmas: string[],
    status: StoredWordStatus,
    now: Date,
  ) {
    if (lemmas.length === 0) return 0;
    const rows = await db
      .insert(wordStatuses)
      .values([...new Set(lemmas)].map((lemma) => ({ userId, language, lemma, status, updatedAt: now })))
      .onConflictDoNothing()
      .returning({ lemma: wordStatuses.lemma });
    return rows.length;
  },

  /** A word's card was learned: it is known, unless the learner already said so or ignores it. */
  async promoteKnown(db: Executor, userId: string, language: LearningLanguage, lemma: string, now: Date) {
    await db
      .insert(wordStatuses)
      .values({ userId, language, lemma, status: 'known', updatedAt: now })
      .onConflictDoUpdate({
        target: [wordStatuses.userId, wordStatuses.language, wordStatuses.lemma],
        set: { status: 'known', updatedAt: now },
        setWhere: ne(wordStatuses.status, 'ignored'),
      });
  },

  async counts(db: Executor, userId: string) {
    return db
      .select({ language: wordStatuses.language, status: wordStatuses.status, words: count() })
      .from(wordStatuses)
      .where(and(eq(wordStatuses.userId, userId), inArray(wordStatuses.status, ['known', 'learning'])))
      .groupBy(wordStatuses.language, wordStatuses.status)
      .orderBy(sql`1`);
  },
};
