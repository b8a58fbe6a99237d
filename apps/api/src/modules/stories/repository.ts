import { and, asc, count, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Category, Genre, LearningLanguage, Level } from '@lendo/shared';
import type { Executor } from '../../db/client.ts';
import {
  chapterLookups,
  chapterProgress,
  chapters,
  pages,
  readingSessions,
  stories,
  storyFavorites,
  type StoredSentence,
} from '../../db/schema.ts';

export interface StoryFilters {
  /** Search terms, folded (see foldText); a story matches when its text contains every one. */
  terms: string[];
  language?: LearningLanguage;
  genre?: Genre;
  level?: Level;
  category?: Category;
}

const notRetired = isNull(stories.retiredAt);
/** The public library: stories loaded from packages/content and not retired. */
const live = and(notRetired, isNull(stories.ownerId));
/** What a learner may open: the library and their own (generated) stories. */
const readableBy = (userId: string) =>
  and(notRetired, or(isNull(stories.ownerId), eq(stories.ownerId, userId)));
/** Newest first, then by title; the C collation orders the same whatever the server's locale. */
const newestFirst = [desc(stories.createdAt), sql`${stories.sortTitle} collate "C"`, asc(stories.id)];
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function matching(filters: StoryFilters): SQL | undefined {
  return and(
    live,
    ...filters.terms.map((term) => like(stories.searchText, `%${escapeLike(term)}%`)),
    filters.language && eq(stories.language, filters.language),
    filters.genre && eq(stories.genre, filters.genre),
    filters.level && eq(stories.level, filters.level),
    filters.category && eq(stories.category, filters.category),
  );
}

/** A reader's progress summed per story. */
function progressByStory(db: Executor, userId: string) {
  return db
    .select({
      storyId: chapterProgress.storyId,
      pagesDone: sql<string>`sum(${chapterProgress.pagesCompleted})`.as('pages_done'),
      chaptersFinished: sql<string>`count(${chapterProgress.finishedAt})`.as('chapters_finished'),
      lastReadAt: sql<string>`max(${chapterProgress.updatedAt})`.as('last_read_at'),
    })
    .from(chapterProgress)
    .where(eq(chapterProgress.userId, userId))
    .groupBy(chapterProgress.storyId)
    .as('progress');
}

/** What a story card shows of the story itself, the same for every reader. */
const storyColumns = {
  id: stories.id,
  slug: stories.slug,
  language: stories.language,
  level: stories.level,
  genre: stories.genre,
  category: stories.category,
  free: stories.free,
  title: stories.title,
  description: stories.description,
  contentHash: stories.contentHash,
  chaptersCount: stories.chaptersCount,
  pagesCount: stories.pagesCount,
  wordCount: stories.wordCount,
  createdAt: stories.createdAt,
  origin: stories.origin,
};

/** Stories as cards, with the reader's favorite mark and progress; callers add where and order. */
function cardQuery<Extra extends Record<string, SQL | SQL.Aliased>>(
  db: Executor,
  userId: string,
  extra: Extra = {} as Extra,
) {
  const progress = progressByStory(db, userId);
  const query = db
    .select({
      ...extra,
      ...storyColumns,
      favorite: sql<boolean>`${storyFavorites.userId} is not null`,
      pagesDone: sql`coalesce(${progress.pagesDone}, 0)`.mapWith(Number),
      chaptersFinished: sql`coalesce(${progress.chaptersFinished}, 0)`.mapWith(Number),
    })
    .from(stories)
    .leftJoin(storyFavorites, and(eq(storyFavorites.storyId, stories.id), eq(storyFavorites.userId, userId)))
    .leftJoin(progress, eq(progress.storyId, stories.id))
    .$dynamic();
  const unfinished = sql`coalesce(${progress.chaptersFinished}, 0) < ${stories.chaptersCount}`;
  return { query, progress, unfinished };
}

export type CardRow = Awaited<
  ReturnType<ReturnType<typeof cardQuery<Record<never, never>>>['query']['execute']>
>[number];

/** A chapter's columns with the reader's progress; select from chapters left-joined to chapter_progress. */
const chapterWithProgress = {
  id: chapters.id,
  number: chapters.number,
  title: chapters.title,
  pagesCount: chapters.pagesCount,
  wordCount: chapters.wordCount,
  pagesCompleted: sql`coalesce(${chapterProgress.pagesCompleted}, 0)`.mapWith(Number),
  finished: sql<boolean>`${chapterProgress.finishedAt} is not null`,
};

export const storiesRepository = {
  async count(db: Executor, filters: StoryFilters) {
    const [row] = await db.select({ n: count() }).from(stories).where(matching(filters));
    return row?.n ?? 0;
  },

  /** A page of the stories matching the filters (the same for every reader), and how many match in all. */
  async list(db: Executor, filters: StoryFilters, page: { limit: number; offset: number }) {
    const rows = await db
      .select({ ...storyColumns, total: sql`count(*) over ()`.mapWith(Number) })
      .from(stories)
      .where(matching(filters))
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset);
    // Past the last page no row carries the total: count apart.
    const total = rows[0]?.total ?? (page.offset > 0 ? await storiesRepository.count(db, filters) : 0);
    return { rows, total };
  },

  /** The reader's marks on stories: favorites and progress, per story they touched. */
  async readerMarks(db: Executor, userId: string) {
    const progress = progressByStory(db, userId);
    const favorites = db
      .select({ storyId: storyFavorites.storyId })
      .from(storyFavorites)
      .where(eq(storyFavorites.userId, userId))
      .as('favorites');
    return db
      .select({
        storyId: sql<string>`coalesce(${favorites.storyId}, ${progress.storyId})`,
        favorite: sql<boolean>`${favorites.storyId} is not null`,
        pagesDone: sql`coalesce(${progress.pagesDone}, 0)`.mapWith(Number),
        chaptersFinished: sql`coalesce(${progress.chaptersFinished}, 0)`.mapWith(Number),
      })
      .from(favorites)
      .fullJoin(progress, eq(progress.storyId, favorites.storyId));
  },

  async card(db: Executor, userId: string, storyId: string): Promise<CardRow | null> {
    const [row] = await cardQuery(db, userId).query.where(and(readableBy(userId), eq(stories.id, storyId)));
    return row ?? null;
  },

  /**
   * Unfinished stories at the given levels, the first level first and the others in the order
   * given; in one language or, without one, in all.
   */
  async recommended(
    db: Executor,
    userId: string,
    where: { language: LearningLanguage | null; levels: Level[] },
    limit: number,
  ) {
    const { query, unfinished } = cardQuery(db, userId);
    const rank = sql`case ${stories.level} ${sql.join(
      where.levels.map((level, i) => sql`when ${level} then ${sql.raw(String(i))}`),
      sql` `,
    )} end`;
    return query
      .where(
        and(
          live,
          where.language ? eq(stories.language, where.language) : undefined,
          inArray(stories.level, where.levels),
          unfinished,
        ),
      )
      .orderBy(rank, ...newestFirst)
      .limit(limit);
  },

  async newest(db: Executor, userId: string, language: LearningLanguage | null, limit: number) {
    return cardQuery(db, userId)
      .query.where(and(live, language ? eq(stories.language, language) : undefined))
      .orderBy(...newestFirst)
      .limit(limit);
  },

  /** Stories the reader has started and not finished, the most recently read first. */
  async inProgress(db: Executor, userId: string, limit: number) {
    const { query, progress, unfinished } = cardQuery(db, userId);
    return query
      .where(and(readableBy(userId), sql`${progress.storyId} is not null`, unfinished))
      .orderBy(desc(progress.lastReadAt), ...newestFirst)
      .limit(limit);
  },

  /** The reader's favorite stories, the most recently marked first. */
  async favorites(db: Executor, userId: string, limit: number) {
    return cardQuery(db, userId)
      .query.where(and(readableBy(userId), sql`${storyFavorites.userId} is not null`))
      .orderBy(desc(storyFavorites.createdAt), ...newestFirst)
      .limit(limit);
  },

  /** The learner's own (generated) stories, the newest first. */
  async ownCards(db: Executor, userId: string) {
    return cardQuery(db, userId)
      .query.where(and(notRetired, eq(stories.ownerId, userId)))
      .orderBy(...newestFirst);
  },

  async exists(db: Executor, userId: string, storyId: string) {
    const [row] = await db
      .select({ id: stories.id })
      .from(stories)
      .where(and(readableBy(userId), eq(stories.id, storyId)));
    return Boolean(row);
  },

  async cover(db: Executor, storyId: string) {
    const [row] = await db
      .select({ svg: stories.coverSvg, contentHash: stories.contentHash })
      .from(stories)
      .where(and(notRetired, eq(stories.id, storyId)));
    return row ?? null;
  },

  async setFavorite(db: Executor, userId: string, storyId: string, favorite: boolean, at: Date) {
    if (favorite) {
      await db.insert(storyFavorites).values({ userId, storyId, createdAt: at }).onConflictDoNothing();
    } else {
      await db
        .delete(storyFavorites)
        .where(and(eq(storyFavorites.userId, userId), eq(storyFavorites.storyId, storyId)));
    }
  },

  /** A story's chapters in order, each with the reader's progress. */
  async chapters(db: Executor, userId: string, storyId: string) {
    return db
      .select({
        ...chapterWithProgress,
      })
      .from(chapters)
      .leftJoin(
        chapterProgress,
        and(eq(chapterProgress.chapterId, chapters.id), eq(chapterProgress.userId, userId)),
      )
      .where(eq(chapters.storyId, storyId))
      .orderBy(chapters.number);
  },

  /** A chapter of a live story with its story's columns (and owner, if it has one): the same for every reader. */
  async chapter(db: Executor, chapterId: string) {
    const [row] = await db
      .select({
        id: chapters.id,
        number: chapters.number,
        title: chapters.title,
        pagesCount: chapters.pagesCount,
        wordCount: chapters.wordCount,
        story: {
          id: stories.id,
          slug: stories.slug,
          language: stories.language,
          level: stories.level,
          free: stories.free,
          title: stories.title,
          contentHash: stories.contentHash,
          chaptersCount: stories.chaptersCount,
          pagesCount: stories.pagesCount,
          ownerId: stories.ownerId,
        },
      })
      .from(chapters)
      .innerJoin(stories, and(eq(stories.id, chapters.storyId), notRetired))
      .where(eq(chapters.id, chapterId));
    return row ?? null;
  },

  /** The reader's progress in every chapter they opened. */
  async chapterProgress(db: Executor, userId: string) {
    return db
      .select({
        chapterId: chapterProgress.chapterId,
        pagesCompleted: chapterProgress.pagesCompleted,
        finished: sql<boolean>`${chapterProgress.finishedAt} is not null`,
        updatedAt: chapterProgress.updatedAt,
      })
      .from(chapterProgress)
      .where(eq(chapterProgress.userId, userId));
  },

  async pages(db: Executor, chapterId: string) {
    return db
      .select({ number: pages.number, sentences: pages.sentences })
      .from(pages)
      .where(eq(pages.chapterId, chapterId))
      .orderBy(pages.number);
  },

  /**
   * Records progress in a chapter without ever moving it back: the larger page count wins and a
   * finished chapter stays finished.
   */
  async saveProgress(db: Executor, row: typeof chapterProgress.$inferInsert) {
    const [saved] = await db
      .insert(chapterProgress)
      .values(row)
      .onConflictDoUpdate({
        target: [chapterProgress.userId, chapterProgress.chapterId],
        set: {
          pagesCompleted: sql`greatest(${chapterProgress.pagesCompleted}, excluded.pages_completed)`,
          finishedAt: sql`coalesce(${chapterProgress.finishedAt}, excluded.finished_at)`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ pagesCompleted: chapterProgress.pagesCompleted, finishedAt: chapterProgress.finishedAt });
    return saved!;
  },

  /** The reader's pages completed and chapters finished in a story. */
  async storyProgress(db: Executor, userId: string, storyId: string) {
    const [row] = await db
      .select({
        pagesDone: sql`coalesce(sum(${chapterProgress.pagesCompleted}), 0)`.mapWith(Number),
        chaptersFinished: count(chapterProgress.finishedAt),
      })
      .from(chapterProgress)
      .where(and(eq(chapterProgress.userId, userId), eq(chapterProgress.storyId, storyId)));
    return row ?? { pagesDone: 0, chaptersFinished: 0 };
  },

  /** Adds a report's reading time; false when a report of that id was added already (a retry). */
  async addReadingTime(db: Executor, row: typeof readingSessions.$inferInsert) {
    const added = await db
      .insert(readingSessions)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: readingSessions.id });
    return added.length > 0;
  },

  async readingSeconds(db: Executor, userId: string, chapterId: string) {
    const [row] = await db
      .select({ seconds: sql`coalesce(sum(${readingSessions.seconds}), 0)`.mapWith(Number) })
      .from(readingSessions)
      .where(and(eq(readingSessions.userId, userId), eq(readingSessions.chapterId, chapterId)));
    return row?.seconds ?? 0;
  },

  /** Records looked-up words; a word already recorded for the chapter keeps its first time. */
  async addLookups(db: Executor, userId: string, chapterId: string, words: string[], at: Date) {
    if (words.length === 0) return;
    await db
      .insert(chapterLookups)
      .values(words.map((word) => ({ userId, chapterId, word, createdAt: at })))
      .onConflictDoNothing();
  },

  /** Words the reader looked up in the chapter, in the order first looked up. */
  async lookups(db: Executor, userId: string, chapterId: string) {
    const rows = await db
      .select({ word: chapterLookups.word })
      .from(chapterLookups)
      .where(and(eq(chapterLookups.userId, userId), eq(chapterLookups.chapterId, chapterId)))
      .orderBy(chapterLookups.createdAt, sql`${chapterLookups.word} collate "C"`);
    return rows.map((row) => row.word);
  },

  /** A sentence of a story in `language` whose text is exactly `text` (normalised), if any. */
  async findSentence(db: Executor, language: LearningLanguage, text: string): Promise<StoredSentence | null> {
    const rows = await db
      .select({ sentences: pages.sentences })
      .from(pages)
      .innerJoin(chapters, eq(chapters.id, pages.chapterId))
      .innerJoin(stories, eq(stories.id, chapters.storyId))
      .where(
        and(
          live,
          eq(stories.language, language),
          sql`${pages.sentences} @> ${JSON.stringify([{ text }])}::jsonb`,
        ),
      )
      .limit(1);
    return rows[0]?.sentences.find((sentence) => sentence.text === text) ?? null;
  },
};
