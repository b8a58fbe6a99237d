import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decks, flashcards, reviewLogs, users } from '../../db/schema.ts';
import type { Schedule } from './scheduler.ts';

export type NewDeck = typeof decks.$inferInsert;
export type FlashcardRow = typeof flashcards.$inferSelect;
export type NewFlashcard = typeof flashcards.$inferInsert;
export type NewReviewLog = typeof reviewLogs.$inferInsert;
type DeckChanges = Pick<NewDeck, 'name' | 'description' | 'icon' | 'language'>;
type CardChanges = Pick<NewFlashcard, 'deckId' | 'word' | 'front' | 'back' | 'language' | 'searchText'>;

/** A timestamp parameter, typed in the SQL so every server reads it alike. */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

// States as literals, not parameters, so that the planner can always use the partial indexes on them.
const isNew = sql`${flashcards.state} = 0`;
const inReview = sql`${flashcards.state} = 2`;
const inLearning = sql`${flashcards.state} in (1, 3)`;
/** Cards that have been answered and whose time has come (learning, review or relearning). */
const dueBy = (now: Date) => sql`${flashcards.state} <> 0 and ${flashcards.due} <= ${at(now)}`;

/**
 * Decks with their card statistics, in one grouped query over the decks' cards; `today` is the
 * learner's local day, for the new cards each deck has already introduced today.
 */
function decksWithStats(db: Executor, now: Date, today: string) {
  return db
    .select({
      id: decks.id,
      name: decks.name,
      description: decks.description,
      icon: decks.icon,
      language: decks.language,
      createdAt: decks.createdAt,
      cardCount: count(flashcards.id),
      newCount: sql`count(*) filter (where ${isNew})`.mapWith(Number),
      dueCount: sql`count(*) filter (where ${dueBy(now)})`.mapWith(Number),
      introducedToday:
        sql`(select count(*) from ${reviewLogs} where ${reviewLogs.deckId} = ${decks.id} and ${reviewLogs.localDay} = ${today} and ${reviewLogs.state} = 0)`.mapWith(
          Number,
        ),
      learning: sql`count(*) filter (where ${inLearning})`.mapWith(Number),
      learned: sql`count(*) filter (where ${inReview})`.mapWith(Number),
      /** When the next answered card that is not due yet falls due. */
      nextAnsweredDue:
        sql`min(${flashcards.due}) filter (where ${flashcards.state} <> 0 and ${flashcards.due} > ${at(now)})`.mapWith(
          flashcards.due,
        ),
      lastReview: sql`max(${flashcards.lastReview})`.mapWith(flashcards.lastReview),
      nextReview: sql`min(${flashcards.due})`.mapWith(flashcards.due),
    })
    .from(decks)
    .leftJoin(flashcards, eq(flashcards.deckId, decks.id))
    .groupBy(decks.id)
    .$dynamic();
}

export type DeckRow = Awaited<ReturnType<ReturnType<typeof decksWithStats>['execute']>>[number];

export const decksRepository = {
  /**
   * Locks the user's row until the transaction ends, so that rules counting their decks (the plan's
   * allowance, the last deck of a language) see every concurrent change.
   */
  async lockUser(tx: Executor, userId: string) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  /** The user's decks, oldest first, with their statistics at `now`. */
  async list(db: Executor, userId: string, now: Date, today: string) {
    return decksWithStats(db, now, today)
      .where(eq(decks.userId, userId))
      .orderBy(asc(decks.createdAt), asc(decks.id));
  },

  async find(db: Executor, userId: string, deckId: string) {
    const [row] = await db
      .select({ id: decks.id, language: decks.language })
      .from(decks)
      .where(and(eq(decks.userId, userId), eq(decks.id, deckId)));
    return row ?? null;
  },

  async countInLanguage(db: Executor, userId: string, language: string) {
    const [row] = await db
      .select({ n: count() })
      .from(decks)
      .where(and(eq(decks.userId, userId), eq(decks.language, language)));
    return row?.n ?? 0;
  },

  async insert(db: Executor, deck: NewDeck) {
    const [row] = await db.insert(decks).values(deck).returning({ id: decks.id });
    return row!.id;
  },

  async update(db: Executor, userId: string, deckId: string, changes: DeckChanges, now: Date) {
    await db
      .update(decks)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(decks.userId, userId), eq(decks.id, deckId)));
  },

  /** Deletes a deck and its cards; their review logs stay, no longer pointing at them. */
  async delete(db: Executor, userId: string, deckId: string) {
    await db.delete(decks).where(and(eq(decks.userId, userId), eq(decks.id, deckId)));
  },
};

export const flashcardsRepository = {
  async insert(db: Executor, card: NewFlashcard) {
    const [row] = await db.insert(flashcards).values(card).returning();
    return row!;
  },

  async find(db: Executor, userId: string, cardId: string) {
    const [row] = await db
      .select()
      .from(flashcards)
      .where(and(eq(flashcards.userId, userId), eq(flashcards.id, cardId)));
    return row ?? null;
  },

  async update(db: Executor, userId: string, cardId: string, changes: CardChanges, now: Date) {
    const [row] = await db
      .update(flashcards)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(flashcards.userId, userId), eq(flashcards.id, cardId)))
      .returning();
    return row ?? null;
  },

  async delete(db: Executor, userId: string, cardId: string) {
    const rows = await db
      .delete(flashcards)
      .where(and(eq(flashcards.userId, userId), eq(flashcards.id, cardId)))
      .returning({ id: flashcards.id });
    return rows.length === 1;
  },

  /** A page of a deck's cards, newest first, whose search text contains every term; and how many match. */
  async list(db: Executor, deckId: string, terms: string[], page: { limit: number; offset: number }) {
    const where = and(
      eq(flashcards.deckId, deckId),
      ...terms.map((term) => like(flashcards.searchText, `%${escapeLike(term)}%`)),
    );
    // Counted apart: a window count would read every matching row in full before the page.
    const [cardRows, [counted]] = await Promise.all([
      db
        .select()
        .from(flashcards)
        .where(where)
        .orderBy(desc(flashcards.createdAt), desc(flashcards.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(flashcards).where(where),
    ]);
    return { cards: cardRows, total: counted?.n ?? 0 };
  },

  /** A card of the deck for this word (any case), if there is one. */
  async findByWord(db: Executor, deckId: string, word: string) {
    const [row] = await db
      .select({ id: flashcards.id })
      .from(flashcards)
      .where(and(eq(flashcards.deckId, deckId), sql`lower(${flashcards.word}) = ${word}`))
      .limit(1);
    return row ?? null;
  },

  /** The learner's answered cards of a word (its lemma, any case) due at `now`, in any deck. */
  async dueOfWord(db: Executor, userId: string, language: string, lemma: string, now: Date) {
    return db
      .select()
      .from(flashcards)
      .where(
        and(
          eq(flashcards.userId, userId),
          eq(flashcards.language, language),
          sql`lower(${flashcards.word}) = ${lemma}`,
          dueBy(now),
        ),
      );
  },

  /** A deck's answered cards due at `now`, the longest due first. */
  async due(db: Executor, deckId: string, now: Date, limit: number) {
    return db
      .select()
      .from(flashcards)
      .where(and(eq(flashcards.deckId, deckId), dueBy(now)))
      .orderBy(asc(flashcards.due), asc(flashcards.id))
      .limit(limit);
  },

  /** A deck's never-answered cards, in the order they were created. */
  async fresh(db: Executor, deckId: string, limit: number) {
    if (limit <= 0) return [];
    return db
      .select()
      .from(flashcards)
      .where(and(eq(flashcards.deckId, deckId), isNew))
      .orderBy(asc(flashcards.createdAt), asc(flashcards.id))
      .limit(limit);
  },

  /**
   * Saves the schedule after an answer, only if nobody answered the card since it was read (its
   * repetitions are still `seenReps`); null when a concurrent answer came first.
   */
  async saveReview(tx: Executor, cardId: string, seenReps: number, schedule: Schedule, now: Date) {
    const [row] = await tx
      .update(flashcards)
      .set({ ...schedule, updatedAt: now })
      .where(and(eq(flashcards.id, cardId), eq(flashcards.reps, seenReps)))
      .returning();
    return row ?? null;
  },

  /** How many cards the user has in all, and how many of them were created since `since`. */
  async totals(db: Executor, userId: string, since: Date) {
    const [row] = await db
      .select({
        total: count(),
        since: sql`count(*) filter (where ${flashcards.createdAt} >= ${at(since)})`.mapWith(Number),
      })
      .from(flashcards)
      .where(eq(flashcards.userId, userId));
    return row ?? { total: 0, since: 0 };
  },
};

export const reviewLogsRepository = {
  /** Saves an answer; returns the log's id. */
  async insert(tx: Executor, log: NewReviewLog) {
    const [row] = await tx.insert(reviewLogs).values(log).returning({ id: reviewLogs.id });
    return row!.id;
  },

  /** A deck's answers on a local day: how many, how many right, how many were a card's first. */
  async day(db: Executor, userId: string, deckId: string, day: string) {
    const [row] = await db
      .select({
        reviewed: count(),
        correct: sql`count(*) filter (where ${reviewLogs.rating} > 1)`.mapWith(Number),
        newSeen: sql`count(*) filter (where ${reviewLogs.state} = 0)`.mapWith(Number),
      })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.deckId, deckId), eq(reviewLogs.localDay, day)));
    return row ?? { reviewed: 0, correct: 0, newSeen: 0 };
  },

  /**
   * The latest run of consecutive local days with a review, up to `today`: its last day and its
   * length. Along a run, each day plus its rank (latest first) is the same number.
   */
  async latestRun(db: Executor, userId: string, today: string) {
    const days = db
      .selectDistinct({ day: reviewLogs.localDay })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, userId), sql`${reviewLogs.localDay} <= ${today}`))
      .as('days');
    const ranked = db
      .select({
        day: days.day,
        run: sql`${days.day} + (row_number() over (order by ${days.day} desc))::int`.as('run'),
      })
      .from(days)
      .as('ranked');
    const [row] = await db
      .select({ last: sql<string>`max(${ranked.day})::text`, length: count() })
      .from(ranked)
      .groupBy(ranked.run)
      .orderBy(desc(ranked.run))
      .limit(1);
    return row ?? null;
  },
};
