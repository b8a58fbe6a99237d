import { and, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chapterProgress, chapters, pages, stories } from '../../db/schema.ts';

export type NewStory = typeof stories.$inferInsert;
export type NewChapter = typeof chapters.$inferInsert;
export type NewPage = typeof pages.$inferInsert;

/** The writes of the library loader: stories, chapters and pages, upserted by id. */
export const libraryRepository = {
  /** What is loaded now: each story's id, content hash and whether it was retired. */
  async versions(db: Executor) {
    return db
      .select({ id: stories.id, contentHash: stories.contentHash, retiredAt: stories.retiredAt })
      .from(stories)
      .where(isNull(stories.ownerId));
  },

  /** Inserts a story or updates it in place; its creation time stays that of its first load. */
  async upsertStory(db: Executor, story: NewStory) {
    const { id: _id, createdAt: _createdAt, ...changes } = story;
    await db
      .insert(stories)
      .values(story)
      .onConflictDoUpdate({ target: stories.id, set: { ...changes, retiredAt: null } });
  },

  /** Upserts the story's chapters and removes those beyond the last one given. */
  async replaceChapters(db: Executor, storyId: string, rows: NewChapter[]) {
    await db
      .insert(chapters)
      .values(rows)
      .onConflictDoUpdate({
        target: chapters.id,
        set: {
          number: sql`excluded.number`,
          title: sql`excluded.title`,
          pagesCount: sql`excluded.pages_count`,
          wordCount: sql`excluded.word_count`,
        },
      });
    await db.delete(chapters).where(and(eq(chapters.storyId, storyId), gt(chapters.number, rows.length)));
  },

  /** Upserts the pages of the story's chapters and removes pages beyond each chapter's end. */
  async replacePages(db: Executor, storyId: string, rows: NewPage[]) {
    await db
      .insert(pages)
      .values(rows)
      .onConflictDoUpdate({
        target: [pages.chapterId, pages.number],
        set: { sentences: sql`excluded.sentences` },
      });
    await db.execute(sql`
      delete from ${pages} as p using ${chapters} as c
      where c.id = p.chapter_id and c.story_id = ${storyId} and p.number > c.pages_count`);
  },

  /**
   * Fits readers' progress to the story as it is now: a finished chapter counts all its pages as
   * read, an unfinished one at most as many pages as it has.
   */
  async clampProgress(db: Executor, storyId: string) {
    await db.execute(sql`
      update ${chapterProgress} as cp
      set pages_completed = case when cp.finished_at is not null then c.pages_count
                                 else least(cp.pages_completed, c.pages_count) end
      from ${chapters} as c
      where c.id = cp.chapter_id and c.story_id = ${storyId}
        and cp.pages_completed <> case when cp.finished_at is not null then c.pages_count
                                       else least(cp.pages_completed, c.pages_count) end`);
  },

  /** Hides the stories that are no longer in the library; returns how many. */
  async retireMissing(db: Executor, keep: string[], at: Date) {
    const rows = await db
      .update(stories)
      .set({ retiredAt: at })
      .where(
        and(
          isNull(stories.retiredAt),
          isNull(stories.ownerId),
          keep.length > 0 ? notInArray(stories.id, keep) : undefined,
        ),
      )
      .returning({ id: stories.id });
    return rows.length;
  },
};
