import { and, asc, count, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { LearningLanguage, Level } from '@lendo/shared';
import type { Executor } from '../../db/client.ts';
import {
  chapterProgress,
  chapters,
  flashcards,
  pages,
  stories,
  wordStatuses,
  type StoredSentence,
} from '../../db/schema.ts';

export type NewOwnStory = typeof stories.$inferInsert;
export type NewOwnChapter = typeof chapters.$inferInsert;
export type NewOwnPage = typeof pages.$inferInsert;

const own = (userId: string, storyId: string) => and(eq(stories.id, storyId), eq(stories.ownerId, userId));

/** The learner's own (generated) stories: the only code that writes them. */
export const storyGenRepository = {
  async count(db: Executor, userId: string) {
    const [row] = await db.select({ n: count() }).from(stories).where(eq(stories.ownerId, userId));
    return row?.n ?? 0;
  },

  async ids(db: Executor, userId: string, limit: number) {
    const rows = await db
      .select({ id: stories.id })
      .from(stories)
      .where(eq(stories.ownerId, userId))
      .orderBy(desc(stories.createdAt), desc(stories.id))
      .limit(limit);
    return rows.map((row) => row.id);
  },

  async find(db: Executor, userId: string, storyId: string) {
    const [row] = await db
      .select({
        id: stories.id,
        slug: stories.slug,
        language: stories.language,
        level: stories.level,
        genre: stories.genre,
        origin: stories.origin,
        title: stories.title,
        description: stories.description,
        chaptersCount: stories.chaptersCount,
      })
      .from(stories)
      .where(own(userId, storyId));
    return row ?? null;
  },

  /** The sentences of a story's chapters, in order (chapter number → sentences). */
  async sentences(db: Executor, storyId: string) {
    const rows = await db
      .select({ number: chapters.number, title: chapters.title, sentences: pages.sentences })
      .from(chapters)
      .innerJoin(pages, eq(pages.chapterId, chapters.id))
      .where(eq(chapters.storyId, storyId))
      .orderBy(chapters.number, pages.number);
    const byChapter = new Map<number, { title: string; sentences: StoredSentence[] }>();
    for (const row of rows) {
      const chapter = byChapter.get(row.number) ?? {
        title: Object.values(row.title)[0] ?? '',
        sentences: [],
      };
      chapter.sentences.push(...row.sentences);
      byChapter.set(row.number, chapter);
    }
    return byChapter;
  },

  async insert(db: Executor, story: NewOwnStory, chapterRows: NewOwnChapter[], pageRows: NewOwnPage[]) {
    await db.insert(stories).values(story);
    await db.insert(chapters).values(chapterRows);
    await db.insert(pages).values(pageRows);
  },

  /** Replaces one chapter's pages (its progress starts over, as its text is new); returns the story's new totals. */
  async replaceChapter(
    db: Executor,
    userId: string,
    storyId: string,
    chapter: { id: string; title: NewOwnChapter['title']; wordCount: number },
    pageRows: NewOwnPage[],
  ) {
    await db.delete(pages).where(eq(pages.chapterId, chapter.id));
    await db.insert(pages).values(pageRows);
    await db
      .update(chapters)
      .set({ title: chapter.title, pagesCount: pageRows.length, wordCount: chapter.wordCount })
      .where(eq(chapters.id, chapter.id));
    await db
      .delete(chapterProgress)
      .where(and(eq(chapterProgress.chapterId, chapter.id), eq(chapterProgress.userId, userId)));
    const [totals] = await db
      .select({
        pages: sql<number>`coalesce(sum(${chapters.pagesCount}), 0)`.mapWith(Number),
        words: sql<number>`coalesce(sum(${chapters.wordCount}), 0)`.mapWith(Number),
      })
      .from(chapters)
      .where(eq(chapters.storyId, storyId));
    return { pages: totals?.pages ?? 0, words: totals?.words ?? 0 };
  },

  async updateStory(
    db: Executor,
    userId: string,
    storyId: string,
    story: { pagesCount: number; wordCount: number; contentHash: string; updatedAt: Date },
  ) {
    await db.update(stories).set(story).where(own(userId, storyId));
  },

  async rename(
    db: Executor,
    userId: string,
    storyId: string,
    title: NewOwnStory['title'],
    sortTitle: string,
    at: Date,
  ) {
    const rows = await db
      .update(stories)
      .set({ title, sortTitle, searchText: sortTitle, updatedAt: at })
      .where(own(userId, storyId))
      .returning({ id: stories.id });
    return rows.length === 1;
  },

  async remove(db: Executor, userId: string, storyId: string) {
    const rows = await db.delete(stories).where(own(userId, storyId)).returning({ id: stories.id });
    return rows.length === 1;
  },

  /** The learner's word statuses in a language: lemma → status. */
  async statuses(db: Executor, userId: string, language: LearningLanguage) {
    const rows = await db
      .select({ lemma: wordStatuses.lemma, status: wordStatuses.status })
      .from(wordStatuses)
      .where(and(eq(wordStatuses.userId, userId), eq(wordStatuses.language, language)));
    return new Map(rows.map((row) => [row.lemma, row.status]));
  },

  /** Words of the learner's flashcards due now, soonest first. */
  async dueWords(db: Executor, userId: string, language: LearningLanguage, now: Date, limit: number) {
    const rows = await db
      .select({ word: flashcards.word })
      .from(flashcards)
      .where(
        and(
          eq(flashcards.userId, userId),
          eq(flashcards.language, language),
          ne(flashcards.word, ''),
          ne(flashcards.state, 0),
          lte(flashcards.due, now),
        ),
      )
      .orderBy(asc(flashcards.due))
      .limit(limit);
    return rows.map((row) => row.word);
  },

  /** The learner's words marked learning, the most recently marked first. */
  async learningWords(db: Executor, userId: string, language: LearningLanguage, limit: number) {
    const rows = await db
      .select({ lemma: wordStatuses.lemma })
      .from(wordStatuses)
      .where(
        and(
          eq(wordStatuses.userId, userId),
          eq(wordStatuses.language, language),
          eq(wordStatuses.status, 'learning'),
        ),
      )
      .orderBy(desc(wordStatuses.updatedAt))
      .limit(limit);
    return rows.map((row) => row.lemma);
  },

  /**
   * Every page of the public library in a language at the given levels, in reading order within
   * each story, stories by title: what practice reading is assembled from.
   */
  async libraryPages(db: Executor, language: LearningLanguage, levels: Level[]) {
    return db
      .select({
        storyId: stories.id,
        title: stories.title,
        chapter: chapters.number,
        page: pages.number,
        sentences: pages.sentences,
      })
      .from(pages)
      .innerJoin(chapters, eq(chapters.id, pages.chapterId))
      .innerJoin(stories, eq(stories.id, chapters.storyId))
      .where(
        and(
          isNull(stories.retiredAt),
          isNull(stories.ownerId),
          eq(stories.language, language),
          inArray(stories.level, levels),
        ),
      )
      .orderBy(sql`${stories.sortTitle} collate "C"`, stories.id, chapters.number, pages.number);
  },
};
