// Seeds the bench's database before the server starts: a learner with one deck of 10,000 cards in
// a realistic mix of states and due dates, a learner with 50 decks of 20 cards, and one with a deck
// of 2,000 cards whose answers warm the server up before the measured ones. Rows go straight
// into the database (the plan's allowances are for learners, not for benches).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseTarget } from '../apps/api/src/db/client.ts';
import { decks, flashcards, users } from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const BIG_DECK_CARDS = 10_000;
export const MANY_DECKS = 50;
export const WARM_UP_CARDS = 2_000;
const CARDS_PER_SMALL_DECK = 20;

export interface DeckBenchData {
  /** Owns one deck of BIG_DECK_CARDS cards. */
  reviewer: { email: string; password: string; deckId: string; cardIds: string[] };
  /** Owns MANY_DECKS decks. */
  collector: { email: string; password: string };
  /** Owns one deck of WARM_UP_CARDS cards, answered before the reviewer's are measured. */
  warmer: { email: string; password: string; cardIds: string[] };
}

type Card = typeof flashcards.$inferInsert;

/** A card as a learner's deck holds it after months of use: new, learning, or in review, due or not. */
function card(userId: string, deckId: string, i: number, now: number): Card {
  const created = new Date(now - (BIG_DECK_CARDS - i) * 10 * 60 * 1000);
  const text = { front: `front ${i}`, back: `back ${i}`, word: `word${i}` };
  const base = { id: randomUUID(), userId, deckId, language: 'en', ...text, createdAt: created };
  const searchText = `${text.word} ${text.front} ${text.back}`;
  const kind = i % 10;
  if (kind < 3) return { ...base, searchText, due: created };
  if (kind === 3) {
    // Learning or relearning, due within the hour either side of now.
    const due = new Date(now + ((i % 120) - 60) * 60 * 1000);
    return {
      ...base,
      searchText,
      state: i % 2 ? 1 : 3,
      due,
      reps: 2,
      lapses: i % 2 ? 0 : 1,
      stability: 0.5,
      difficulty: 6,
      lastReview: new Date(due.getTime() - 10 * 60 * 1000),
    };
  }
  // In review: last seen 1 to 30 days ago, intervals of 1 to 90 days; some overdue, most not due yet.
  const scheduledDays = 1 + ((i * 7919) % 90);
  const lastReview = new Date(now - (1 + (i % 30)) * DAY_MS);
  return {
    ...base,
    searchText,
    state: 2,
    due: new Date(lastReview.getTime() + scheduledDays * DAY_MS),
    reps: 3 + (i % 8),
    lapses: i % 5 === 0 ? 1 : 0,
    stability: scheduledDays * 1.1,
    difficulty: 3 + (i % 6),
    scheduledDays,
    lastReview,
  };
}

export async function seedDecks(target: DatabaseTarget): Promise<DeckBenchData> {
  const database = await openDatabase(target);
  const { db } = database;
  const password = 'Bench123!';
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const learner = async (name: string) => {
    const [user] = await db
      .insert(users)
      .values({
        email: `${name}@example.com`,
        username: name,
        passwordHash,
        learningLanguage: 'en',
        onboardingCompleted: true,
      })
      .returning({ id: users.id, email: users.email });
    return user!;
  };
  try {
    /** A learner's deck of `size` cards: its id and its cards' ids. */
    const deckOf = async (userId: string, name: string, size: number) => {
      const [deck] = await db
        .insert(decks)
        .values({ userId, name, language: 'en' })
        .returning({ id: decks.id });
      const cards = Array.from({ length: size }, (_, i) => card(userId, deck!.id, i, now));
      for (let i = 0; i < cards.length; i += 1000)
        await db.insert(flashcards).values(cards.slice(i, i + 1000));
      return { deckId: deck!.id, cardIds: cards.map((c) => c.id!) };
    };
    const reviewer = await learner('bench_reviewer');
    const bigDeck = await deckOf(reviewer.id, 'Big deck', BIG_DECK_CARDS);
    const warmer = await learner('bench_warmer');
    const warmUpDeck = await deckOf(warmer.id, 'Warm-up deck', WARM_UP_CARDS);

    const collector = await learner('bench_collector');
    const deckRows = await db
      .insert(decks)
      .values(
        Array.from({ length: MANY_DECKS }, (_, i) => ({
          userId: collector.id,
          name: `Deck ${i + 1}`,
          language: 'en',
          createdAt: new Date(now - (MANY_DECKS - i) * DAY_MS),
        })),
      )
      .returning({ id: decks.id });
    await db
      .insert(flashcards)
      .values(
        deckRows.flatMap((d, j) =>
          Array.from({ length: CARDS_PER_SMALL_DECK }, (_, i) =>
            card(collector.id, d.id, j * CARDS_PER_SMALL_DECK + i, now),
          ),
        ),
      );
    // As after any bulk load: autovacuum's first pass over the new rows would otherwise run during
    // the measurements.
    await db.execute(sql`vacuum analyze flashcards`);
    await db.execute(sql`vacuum analyze decks`);
    await db.execute(sql`vacuum analyze users`);
    return {
      reviewer: { email: reviewer.email, password, ...bigDeck },
      collector: { email: collector.email, password },
      warmer: { email: warmer.email, password, cardIds: warmUpDeck.cardIds },
    };
  } finally {
    await database.close();
  }
}
