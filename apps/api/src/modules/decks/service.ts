import {
  FLASHCARDS_PAGE_SIZE,
  NEW_CARDS_PER_DAY,
  REVIEW_BATCH,
  type Deck,
  type DeckIcon,
  type Flashcard,
  type FlashcardPage,
  type LearningLanguage,
  type Locale,
  type Me,
  type ReviewQueue,
  type ReviewResult,
  type ReviewResume,
  type StatisticsSummary,
  type deckBody,
  type flashcardCreateBody,
  type flashcardListQuery,
  type flashcardUpdateBody,
  type reviewBody,
  type ReviewMethod,
  clozeOf,
  lemmaKey,
} from '@lendo/shared';
import { randomUUID } from 'node:crypto';
import { Rating, type Grade } from 'ts-fsrs';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { AccountCache } from '../../lib/account-cache.ts';
import { batched } from '../../lib/batched.ts';
import { earliest, localDay, startOfLocalDay, type Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { EntitlementsService } from '../entitlements/service.ts';
import type { PointsLedger } from '../graded-reader/ledger.ts';
import { reviewEvents } from '../graded-reader/review-events.ts';
import { foldText } from '../stories/text.ts';
import {
  decksRepository as decks,
  flashcardsRepository as cards,
  reviewLogsRepository as reviewLogs,
  type DeckRow,
  type FlashcardRow,
  type PlannedAnswer,
} from './repository.ts';
import type { wordStatusRepository } from '../word-status/repository.ts';
import { answer, newSchedule, rate, statusOf, type Schedule } from './scheduler.ts';

export interface DecksDeps {
  db: Db;
  clock: Clock;
  entitlements: EntitlementsService;
  /** The signed-in user: interface language, learning language and time zone. */
  userOf(userId: string): Promise<Me>;
  /** Word statuses follow the cards: a carded word is learning, a learned card's word known. */
  wordStatuses: Pick<typeof wordStatusRepository, 'addNew' | 'promoteKnown'>;
  /** The graded reader's points: cards and decks created, decks reviewed, words learned and remembered. */
  ledger: Pick<PointsLedger, 'record' | 'payAlong' | 'transaction'>;
  /**
   * The learner's decks with their counters and review queues, kept in memory until one of their
   * writes here (invalidateViews, broadcast to every instance) or until a card falls due.
   */
  views: Pick<AccountCache<Me>, 'view' | 'invalidateViews'>;
}

/** The name of the deck every learner gets for the language they study, in their interface language. */
export const DEFAULT_DECK_NAMES: Record<Locale, string> = { pt: 'Meu baralho', en: 'My deck', es: 'Mi mazo' };

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A second answer to a card this soon after the first is the same answer sent twice (a double
 * tap, a retried request), not a new review: no learner sees a card again within seconds.
 */
const RESUBMIT_WINDOW_MS = 3000;
const answeredJustNow = (card: FlashcardRow, now: Date) =>
  card.lastReview !== null && now.getTime() - card.lastReview.getTime() < RESUBMIT_WINDOW_MS;
const iso = (time: Date | null) => time?.toISOString() ?? null;
const dayBefore = (day: string) => new Date(Date.parse(day) - DAY_MS).toISOString().slice(0, 10);
const searchTextOf = (card: { word: string; front: string; back: string }) =>
  foldText(`${card.word} ${card.front} ${card.back}`);

/** New cards a deck may still introduce today (NEW_CARDS_PER_DAY a day). */
const newLeftToday = (row: DeckRow) =>
  Math.min(row.newCount, Math.max(0, NEW_CARDS_PER_DAY - row.introducedToday));

/**
 * pending_review is what the review queue offers now: answered cards that are due plus the new
 * cards the deck may still introduce today. So a deck of new cards can be reviewed (SPEC §2: the
 * review button is enabled exactly when pending_review is not zero).
 */
export function toDeck(row: DeckRow): Deck {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon as DeckIcon,
    language: row.language as LearningLanguage,
    stats: {
      new: row.newCount,
      learning: row.learning,
      learned: row.learned,
      pending_review: row.dueCount + newLeftToday(row),
    },
    card_count: row.cardCount,
    created_at: row.createdAt.toISOString(),
    last_review: iso(row.lastReview),
    next_review: iso(row.nextReview),
  };
}

export function toFlashcard(row: FlashcardRow): Flashcard {
  return {
    id: row.id,
    deck: row.deckId,
    word: row.word,
    front: row.front,
    back: row.back,
    language: row.language as LearningLanguage,
    status: statusOf(row.state),
    last_review: iso(row.lastReview),
    next_review: row.due.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Decks, flashcards and their reviews (FSRS). Every query names the owner, so another learner's
 * deck or card is simply not found.
 */
export function createDecksService({
  db,
  clock,
  entitlements,
  userOf,
  wordStatuses,
  ledger,
  views,
}: DecksDeps) {
  /**
   * Every deck of the learner with its counters at `now`, and the local day they are counted in.
   * Kept until the learner's next write or the moment the counters change by the clock alone: a
   * card falling due (the earliest not yet due) or the local midnight (new cards for the day).
   */
  async function deckRows(userId: string, now = clock.now()) {
    const { timezone } = await userOf(userId);
    const today = localDay(now, timezone);
    const { rows, answers } = await views.view(userId, `decks:${today}`, async () => {
      const found = await decks.list(db, userId, now, today);
      const tomorrow = startOfLocalDay(
        new Date(Date.parse(today) + DAY_MS).toISOString().slice(0, 10),
        timezone,
      );
      return {
        // The rows, and the decks as the API answers them (built once, not per request).
        value: { rows: found, answers: found.map(toDeck) },
        until: earliest(tomorrow, ...found.map((row) => row.nextAnsweredDue)),
      };
    });
    return { rows, answers, today };
  }

  /** The last review queue answer given from each kept list of cards. */
  const queueAnswers = new WeakMap<readonly unknown[], ReviewQueue>();

  /** After a write to the learner's decks, cards or reviews: their counters are read again. */
  const changed = (userId: string) => views.invalidateViews(userId);

  async function findDeck(executor: Executor, userId: string, deckId: string) {
    const deck = await decks.find(executor, userId, deckId);
    if (!deck) throw notFound();
    return deck;
  }

  /**
   * A deck of the user with its statistics at `now`, and the user's local day they are counted in
   * (404 if the deck is not theirs).
   */
  async function deckWithStats(userId: string, deckId: string, now = clock.now()) {
    const { rows, today } = await deckRows(userId, now);
    const row = rows.find((deck) => deck.id === deckId);
    if (!row) throw notFound();
    return { row, today };
  }

  /** An answer at `now`, planned: the card's next schedule, its review log and the points it pays. */
  function planAnswer(
    me: Me,
    card: FlashcardRow,
    rating: Grade,
    method: ReviewMethod | 'reading',
    typed: string | null,
    now: Date,
  ) {
    const { next, log } = answer(card, now, rating);
    const logId = randomUUID();
    const day = localDay(now, me.timezone);
    const learned = statusOf(next.state) === 'learned';
    const lemma = learned ? lemmaKey(card.word) : null;
    const events = reviewEvents({
      cardId: card.id,
      deckId: card.deckId,
      logId,
      day,
      inReview: method !== 'reading',
      correct: rating !== Rating.Again,
      lastReview: card.lastReview,
      learned,
      now,
    });
    const planned: PlannedAnswer = {
      cardId: card.id,
      userId: me.id,
      seenReps: card.reps,
      next,
      log: {
        id: logId,
        userId: me.id,
        flashcardId: card.id,
        deckId: card.deckId,
        method,
        answer: typed,
        ...log,
        localDay: day,
      },
      known: lemma ? { language: card.language, lemma } : null,
      now,
    };
    return { planned, events, learner: { timezone: me.timezone, country: me.country } };
  }
  type Plan = ReturnType<typeof planAnswer>;

  /**
   * Saves answers, one per card, and pays their points, in one statement (atomic without a
   * transaction around it: one round trip); levels and challenges are settled after it, where they
   * may have changed. Returns each answer's schedule, or null when its card changed meanwhile.
   */
  async function saveTogether(plans: Plan[]) {
    const payment = ledger.payAlong(
      plans.map(({ planned, events, learner }) => ({
        userId: planned.userId,
        events,
        learner,
        logId: planned.log.id,
      })),
    );
    const { saved, paid } = await reviewLogs.saveMany(
      db,
      plans.map((plan) => plan.planned),
      payment.ctes,
    );
    await payment.settled(paid);
    return plans.map(({ planned }) => (saved.has(planned.log.id) ? planned.next : null));
  }

  /**
   * Saves a group of answers: a second answer to a card among them is the same answer sent twice
   * (null). When the group fails, each of its answers is tried alone, so one that cannot be saved
   * fails no other.
   */
  async function saveGroup(plans: Plan[]): Promise<Array<Schedule | null | Error>> {
    const first = new Map<string, Plan>();
    for (const plan of plans) if (!first.has(plan.planned.cardId)) first.set(plan.planned.cardId, plan);
    const unique = [...first.values()];
    const results = await saveTogether(unique).catch(() =>
      Promise.all(
        unique.map((plan) =>
          saveTogether([plan]).then(
            ([schedule]) => schedule ?? null,
            (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
          ),
        ),
      ),
    );
    return plans.map((plan) => {
      const i = unique.indexOf(plan);
      return i === -1 ? null : results[i]!;
    });
  }

  /** An answer of the review: the card rated, and its schedule saved (null: not counted). */
  interface Answered {
    card: FlashcardRow;
    correct: boolean;
    expected: string;
    saved: Schedule | null;
    /** False when the card was answered seconds ago: the same answer again, not saved. */
    tried: boolean;
  }

  /**
   * Review answers that came while the ones before were being saved, one group at a time
   * (lib/batched.ts): their cards read in one query, rated, and saved together (saveGroup), two
   * round trips for the group. Under load a group waits up to 3 ms for the learners the last group
   * answered, for as long as their answers keep coming (a millisecond without one ends it), so that
   * they go together rather than as a few and then the rest: at 50 answers at once here, a wait of
   * at most 2 ms from the first answer left some behind (groups of 41–47 answers on average against
   * 47–49), and each of those then waited for two groups.
   */
  const answerCards = batched<{ me: Me; body: z.output<typeof reviewBody> }, Answered>(
    async (answers) => {
      const rows = await cards.findMany(
        db,
        answers.map(({ me, body }) => ({ userId: me.id, cardId: body.flashcard.toLowerCase() })),
      );
      const now = clock.now();
      const rated = answers.map(({ me, body }) => {
        const cardId = body.flashcard.toLowerCase();
        const card = rows.find((row) => row.id === cardId && row.userId === me.id);
        if (!card) return null;
        const cloze = clozeOf(card);
        const expected = cloze ? cloze.answer : card.back;
        const { rating, correct } = rate(body, expected);
        const typed = body.method === 'qa' ? body.answer : null;
        const plan = answeredJustNow(card, now)
          ? null
          : planAnswer(me, card, rating, body.method, typed, now);
        return { card, correct, expected, plan };
      });
      const plans = rated.flatMap((answer) => (answer?.plan ? [answer.plan] : []));
      const saved = plans.length > 0 ? await saveGroup(plans) : [];
      return rated.map((answer) => {
        if (!answer) return notFound();
        const { card, correct, expected, plan } = answer;
        const schedule = plan ? saved[plans.indexOf(plan)]! : null;
        if (schedule instanceof Error) return schedule;
        return { card, correct, expected, saved: schedule, tried: plan !== null };
      });
    },
    { most: 128, running: 1, gatherMs: 3, gatherQuietMs: 1 },
  );

  async function findCard(userId: string, cardId: string) {
    const card = await cards.find(db, userId, cardId);
    if (!card) throw notFound();
    return card;
  }

  /** Creates the learner's default deck of a language unless they have a deck in it already. */
  async function ensureDefaultDeck(me: Pick<Me, 'id' | 'locale'>, language: LearningLanguage) {
    await db.transaction(async (tx) => {
      await decks.lockUser(tx, me.id);
      if ((await decks.countInLanguage(tx, me.id, language)) > 0) return;
      const now = clock.now();
      await decks.insert(tx, {
        userId: me.id,
        name: DEFAULT_DECK_NAMES[me.locale],
        language,
        createdAt: now,
        updatedAt: now,
      });
    });
    await changed(me.id);
  }

  /** Refuses to take the last deck of a language away from the learner (409 decks.last-deck). */
  async function ensureNotLastDeck(tx: Executor, userId: string, language: string) {
    if ((await decks.countInLanguage(tx, userId, language)) <= 1) throw conflict('decks.last-deck');
  }

  return {
    /** After onboarding: the learner gets a deck for the language they chose to study. */
    async onOnboarded(me: Me) {
      if (me.learning_language) await ensureDefaultDeck(me, me.learning_language);
    },

    /**
     * The learner's decks, in one language or all, oldest first. A learner without a deck in the
     * language they study (an account from before decks) gets their default deck here.
     */
    async list(userId: string, language?: LearningLanguage): Promise<Deck[]> {
      const me = await userOf(userId);
      const now = clock.now();
      // All of them is the cached list itself, whose text the serializer keeps.
      const inLanguage = (answers: Deck[]) =>
        language ? answers.filter((deck) => deck.language === language) : answers;
      let answers = inLanguage((await deckRows(userId, now)).answers);
      const studied = me.learning_language;
      if (
        studied &&
        (!language || language === studied) &&
        !answers.some((deck) => deck.language === studied)
      ) {
        await ensureDefaultDeck(me, studied);
        answers = inLanguage((await deckRows(userId, now)).answers);
      }
      return answers;
    },

    async get(userId: string, deckId: string): Promise<Deck> {
      return toDeck((await deckWithStats(userId, deckId)).row);
    },

    /** A new deck, within the number of decks the learner's plan allows (403 limits.decks). */
    async create(userId: string, body: z.output<typeof deckBody>): Promise<Deck> {
      const now = clock.now();
      const allowance = await entitlements.allowanceOf(userId);
      const deckId = await ledger.transaction(async (tx) => {
        await decks.lockUser(tx, userId);
        await entitlements.ensureDeckAllowed(tx, allowance, userId);
        const id = await decks.insert(tx, { userId, ...body, createdAt: now, updatedAt: now });
        await ledger.record(tx, userId, [{ kind: 'deck', key: `deck:${id}` }]);
        return id;
      });
      await changed(userId);
      return toDeck((await deckWithStats(userId, deckId, now)).row);
    },

    /** Renames or restyles a deck; moving the last deck of a language to another is refused. */
    async update(userId: string, deckId: string, body: z.output<typeof deckBody>): Promise<Deck> {
      await db.transaction(async (tx) => {
        await decks.lockUser(tx, userId);
        const deck = await findDeck(tx, userId, deckId);
        if (deck.language !== body.language) await ensureNotLastDeck(tx, userId, deck.language);
        await decks.update(tx, userId, deckId, body, clock.now());
      });
      await changed(userId);
      return toDeck((await deckWithStats(userId, deckId)).row);
    },

    /** Deletes a deck with its cards, unless it is the learner's last deck of its language. */
    async remove(userId: string, deckId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await decks.lockUser(tx, userId);
        const deck = await findDeck(tx, userId, deckId);
        await ensureNotLastDeck(tx, userId, deck.language);
        await decks.delete(tx, userId, deckId);
      });
      await changed(userId);
    },

    /**
     * A new card, counted against the plan's monthly flashcards (403 limits.flashcards). A second
     * card for a word the deck has already is refused (409 flashcard.duplicate) unless
     * `allow_duplicate` says the learner was warned.
     */
    async createCard(
      userId: string,
      deckId: string,
      body: z.output<typeof flashcardCreateBody>,
    ): Promise<Flashcard> {
      const deck = await findDeck(db, userId, deckId);
      const word = lemmaKey(body.word);
      if (word && !body.allow_duplicate && (await cards.findByWord(db, deckId, word)))
        throw conflict('flashcard.duplicate');
      const now = clock.now();
      const allowance = await entitlements.allowanceOf(userId);
      const row = await ledger.transaction(async (tx) => {
        await entitlements.consume(tx, allowance, userId, 'flashcards');
        const language = (body.language ?? deck.language) as LearningLanguage;
        const lemma = lemmaKey(body.word);
        if (lemma) await wordStatuses.addNew(tx, userId, language, [lemma], 'learning', now);
        const card = await cards.insert(tx, {
          userId,
          deckId,
          word: body.word,
          front: body.front,
          back: body.back,
          language,
          searchText: searchTextOf(body),
          ...newSchedule(now),
          createdAt: now,
          updatedAt: now,
        });
        await ledger.record(tx, userId, [{ kind: 'flashcard', key: `flashcard:${card.id}` }]);
        return card;
      });
      await changed(userId);
      return toFlashcard(row);
    },

    /** A page of a deck's cards, newest first; `query` looks in word, front and back (accents and case aside). */
    async listCards(
      userId: string,
      deckId: string,
      query: z.output<typeof flashcardListQuery>,
    ): Promise<FlashcardPage> {
      await findDeck(db, userId, deckId);
      const terms = foldText(query.query ?? '')
        .split(' ')
        .filter(Boolean);
      const { cards: rows, total } = await cards.list(db, deckId, terms, {
        limit: FLASHCARDS_PAGE_SIZE,
        offset: (query.page - 1) * FLASHCARDS_PAGE_SIZE,
      });
      return {
        count: total,
        page: query.page,
        page_size: FLASHCARDS_PAGE_SIZE,
        results: rows.map(toFlashcard),
      };
    },

    async getCard(userId: string, cardId: string): Promise<Flashcard> {
      return toFlashcard(await findCard(userId, cardId));
    },

    /** Edits a card and may move it to another of the learner's decks; its schedule stays. */
    async updateCard(
      userId: string,
      cardId: string,
      body: z.output<typeof flashcardUpdateBody>,
    ): Promise<Flashcard> {
      const target = await findDeck(db, userId, body.deck);
      const row = await cards.update(
        db,
        userId,
        cardId,
        {
          deckId: target.id,
          word: body.word,
          front: body.front,
          back: body.back,
          language: body.language ?? target.language,
          searchText: searchTextOf(body),
        },
        clock.now(),
      );
      await changed(userId);
      if (!row) throw notFound();
      return toFlashcard(row);
    },

    async removeCard(userId: string, cardId: string): Promise<void> {
      const removed = await cards.delete(db, userId, cardId);
      await changed(userId);
      if (!removed) throw notFound();
    },

    /**
     * The cards to review now: answered cards that are due, the longest due first, then new cards
     * in the order they were made, at most NEW_CARDS_PER_DAY first answers per deck and local day.
     */
    async queue(userId: string, deckId: string): Promise<ReviewQueue> {
      const now = clock.now();
      const { row, today } = await deckWithStats(userId, deckId, now);
      // The cards offered change with the same writes and moments as the deck's counters.
      const { deck, cards: offered } = await views.view(userId, `queue:${deckId}:${today}`, async () => {
        const due = await cards.due(db, deckId, now, REVIEW_BATCH);
        const fresh = await cards.fresh(db, deckId, Math.min(newLeftToday(row), REVIEW_BATCH - due.length));
        return {
          value: { deck: toDeck(row), cards: [...due, ...fresh].map(toFlashcard) },
          until: row.nextAnsweredDue,
        };
      });
      const nextDue = row.nextAnsweredDue;
      const nextDueSeconds = nextDue ? Math.ceil((nextDue.getTime() - now.getTime()) / 1000) : null;
      // The same kept cards give the same answer while the seconds to the next card stay: hand out
      // one frozen answer, whose bytes the serializer keeps (lib/serializer.ts).
      const last = queueAnswers.get(offered);
      if (last && last.deck === deck && last.next_due_seconds === nextDueSeconds) return last;
      const answer = Object.freeze({
        deck,
        cards: offered,
        remaining: deck.stats.pending_review,
        next_due_seconds: nextDueSeconds,
      });
      queueAnswers.set(offered, answer);
      return answer;
    },

    /**
     * Records an answer: the card's next schedule and a review log, in one transaction. A card
     * answered twice at once (a double submit) counts once: the update applies only if the card
     * is still as it was read (same repetitions), and an answer that comes within seconds of the
     * last one is the same answer again; either way it gets the card as the first answer left it,
     * with `counted: false`. A card that is not due yet may be answered too (practice); FSRS schedules
     * it from the time that really passed.
     */
    async review(userId: string, body: z.output<typeof reviewBody>): Promise<ReviewResult> {
      const me = await userOf(userId);
      const { card, correct, expected, saved, tried } = await answerCards({ me, body });
      if (tried) await changed(userId);
      // Not counted: the card as read when it was answered just now (the first answer left it so),
      // else as a concurrent answer left it.
      const current = saved ?? (tried ? await findCard(userId, card.id) : card);
      return {
        flashcard: card.id,
        correct,
        expected,
        counted: saved !== null,
        status: statusOf(current.state),
        next_review: current.due.toISOString(),
      };
    },

    /**
     * Reading counts as review: a word looked up while reading whose cards are due is a lapse of
     * each of them (answered "again", logged with method `reading`). Returns how many lapsed.
     */
    async lapseDueCards(userId: string, language: LearningLanguage, lemma: string): Promise<number> {
      const now = clock.now();
      const due = (await cards.dueOfWord(db, userId, language, lemma, now)).filter(
        (card) => !answeredJustNow(card, now),
      );
      if (due.length === 0) return 0;
      const me = await userOf(userId);
      const saved = await saveGroup(
        due.map((card) => planAnswer(me, card, Rating.Again, 'reading', null, now)),
      );
      await changed(userId);
      const failed = saved.find((schedule) => schedule instanceof Error);
      if (failed) throw failed;
      return saved.filter((schedule) => schedule !== null).length;
    },

    /** The deck's reviews on the learner's local day. */
    async resume(userId: string, deckId: string): Promise<ReviewResume> {
      const now = clock.now();
      const { row: deck, today } = await deckWithStats(userId, deckId, now);
      const day = await reviewLogs.day(db, userId, deckId, today);
      return {
        deck: toDeck(deck),
        reviewed: day.reviewed,
        correct: day.correct,
        wrong: day.reviewed - day.correct,
        new_seen: day.newSeen,
        accuracy: day.reviewed > 0 ? day.correct / day.reviewed : 0,
        next_review: iso(deck.nextReview),
      };
    },

    /** Streak, cards due, cards created today (local day) and cards in all. */
    async summary(userId: string): Promise<StatisticsSummary> {
      const now = clock.now();
      const me = await userOf(userId);
      const { rows, today } = await deckRows(userId, now);
      const [run, totals] = await Promise.all([
        reviewLogs.latestRun(db, userId, today),
        cards.totals(db, userId, startOfLocalDay(today, me.timezone)),
      ]);
      const pending = rows.reduce((sum, row) => sum + toDeck(row).stats.pending_review, 0);
      const current = run && (run.last === today || run.last === dayBefore(today));
      return {
        review_streak: current ? run.length : 0,
        pending_review: pending,
        flashcards_created_today: totals.since,
        total_flashcards: totals.total,
      };
    },
  };
}

export type DecksService = ReturnType<typeof createDecksService>;
