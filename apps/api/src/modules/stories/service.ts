import {
  HOME_SECTION_SIZE,
  LEVEL_FOR_PROFICIENCY,
  LEVELS,
  PAGE_SIZE_MAX,
  READING_SECONDS_PER_REPORT_MAX,
  WORDS_PER_MINUTE,
  toLearningLanguage,
  translationLanguageFor,
  type Category,
  type ChapterDetail,
  type ChapterProgress,
  type ChapterReadSummary,
  type ChapterSummary,
  type Genre,
  type LearningLanguage,
  type Level,
  type Locale,
  type Me,
  type PlanTier,
  type StoryCard,
  type StoryDetail,
  type StoryHome,
  type StoryOrigin,
  type StoryPage,
  type storyListQuery,
  type chapterProgressBody,
} from '@lendo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { localDay, type Clock } from '../../lib/clock.ts';
import { keep } from '../../lib/compression.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { lruMap } from '../../lib/lru.ts';
import type { AccountCache } from '../../lib/account-cache.ts';
import { libraryGeneration } from './library-loader.ts';
import type { EntitlementsService } from '../entitlements/service.ts';
import type { PointsLedger } from '../graded-reader/ledger.ts';
import { chapterIdFor } from './ids.ts';
import { isLocked } from './library-access.ts';
import { storiesRepository as stories, type CardRow } from './repository.ts';
import { foldText, wordsOf } from './text.ts';

export interface StoriesDeps {
  db: Db;
  clock: Clock;
  /** The signed-in user: interface language, learning language, level and time zone. */
  userOf(userId: string): Promise<Me>;
  /** The learner's plan, which decides the stories they may read (see isLocked). */
  entitlements: Pick<EntitlementsService, 'planOf'>;
  /** Where the API is served (/api), for the cover URLs in cards. */
  apiPrefix: string;
  /** The graded reader's points: pages completed and minutes read. */
  ledger: Pick<PointsLedger, 'recordReading' | 'transaction'>;
  /** The reader's favorites and progress, kept per learner until they change them. */
  views: Pick<AccountCache<Me>, 'view' | 'invalidateViews'>;
}

type ChapterRow = Awaited<ReturnType<typeof stories.chapters>>[number];

const durationMinutes = (words: number, level: Level) =>
  Math.max(1, Math.round(words / WORDS_PER_MINUTE[level]));

/** The level and its neighbours, nearest first (the easier one first on a tie). */
function levelsAround(level: Level): Level[] {
  const at = LEVELS.indexOf(level);
  return [LEVELS[at], LEVELS[at - 1], LEVELS[at + 1]].filter((l): l is Level => l !== undefined);
}

/** A story's cover, its address changing with its content so a cached copy is never stale. */
export const storyCoverUrl = (apiPrefix: string, storyId: string, contentHash: string) =>
  `${apiPrefix}/stories/${storyId}/cover.svg?v=${contentHash.slice(0, 16)}`;

type Marks = Pick<CardRow, 'favorite' | 'pagesDone' | 'chaptersFinished'>;
const NO_MARKS: Marks = { favorite: false, pagesDone: 0, chaptersFinished: 0 };
type ChapterProgressRow = Awaited<ReturnType<typeof stories.chapterProgress>>[number];
/** Pages of the library kept (by filters); another instance's new library shows within the TTL. */
const LIBRARY_PAGES_CACHED = 1000;
const LIBRARY_PAGE_TTL_MS = 60_000;

/**
 * What is read from the library (pages of it, chapters), kept per library generation (this
 * process's loads) and for LIBRARY_PAGE_TTL_MS at most (another instance's). A miss (null) is not kept.
 */
function libraryCache<V>(capacity: number, keep: (value: V) => boolean = () => true) {
  const kept = lruMap<string, { value: V; at: number }>(capacity);
  return async (key: string, load: () => Promise<V>): Promise<V> => {
    const generationKey = `${libraryGeneration}:${key}`;
    const known = kept.get(generationKey);
    if (known && known.at >= Date.now() - LIBRARY_PAGE_TTL_MS) return known.value;
    const value = await load();
    if (value !== null && keep(value)) kept.set(generationKey, { value, at: Date.now() });
    return value;
  };
}

/** How often opening a chapter again records it (as the story read last). */
const TOUCH_EVERY_MS = 60_000;
/** Chapters' serialized pages kept in memory: the text of a story version never changes. */
const PAGES_CACHED = 500;

const CLOSE_BRACE = Buffer.from('}');

export function createStoriesService({
  db,
  clock,
  userOf,
  entitlements,
  apiPrefix,
  ledger,
  views,
}: StoriesDeps) {
  const pagesCache = lruMap<string, Buffer>(PAGES_CACHED);
  /** Whole chapter answers (bytes and ETag) per chapter text, locale and the reader's progress on it. */
  const answers = lruMap<string, { body: Buffer; etag: string }>(PAGES_CACHED);
  const libraryPages = libraryCache<Awaited<ReturnType<typeof stories.list>>>(LIBRARY_PAGES_CACHED);
  // A learner's own story can be renamed, rewritten or deleted at any time: only the library's are kept.
  const chapterMetas = libraryCache<Awaited<ReturnType<typeof stories.chapter>>>(
    PAGES_CACHED,
    (meta) => meta?.story.ownerId === null,
  );

  /** The reader's favorites and progress per story, kept until they change them (or the library does). */
  const marksOf = (userId: string) =>
    views.view(userId, `story-marks:${libraryGeneration}`, async () => {
      const rows = await stories.readerMarks(db, userId);
      const marks: Record<string, Marks> = {};
      for (const { storyId, ...mark } of rows) marks[storyId] = mark;
      return { value: marks, until: null };
    });
  /** After the reader's favorites or progress changed. */
  const changed = (userId: string) => views.invalidateViews(userId);
  /** The signed-in user and their plan, read together: every story answer needs both. */
  const readerOf = (userId: string) => Promise.all([userOf(userId), entitlements.planOf(userId)]);

  function toCard(row: CardRow, locale: Locale, plan: PlanTier): StoryCard {
    const language = row.language as LearningLanguage;
    const level = row.level as Level;
    return {
      id: row.id,
      slug: row.slug,
      language,
      title: row.title[language],
      title_translation: row.title[locale],
      description: row.description[language],
      level,
      genre: row.genre as Genre,
      category: row.category as Category,
      cover_url: storyCoverUrl(apiPrefix, row.id, row.contentHash),
      chapters_count: row.chaptersCount,
      word_count: row.wordCount,
      duration_minutes: durationMinutes(row.wordCount, level),
      progress: row.pagesCount > 0 ? Math.min(1, row.pagesDone / row.pagesCount) : 0,
      favorite: row.favorite,
      free: row.free,
      locked: isLocked(row, plan),
      origin: (row.origin ?? 'library') as StoryOrigin,
      created_at: row.createdAt.toISOString(),
    };
  }

  function toChapterSummary(
    chapter: ChapterRow,
    story: { language: string; level: string },
    locale: Locale,
  ): ChapterSummary {
    return {
      id: chapter.id,
      number: chapter.number,
      title: chapter.title[story.language as LearningLanguage],
      title_translation: chapter.title[locale],
      pages_count: chapter.pagesCount,
      word_count: chapter.wordCount,
      duration_minutes: durationMinutes(chapter.wordCount, story.level as Level),
      pages_completed: chapter.pagesCompleted,
      finished: chapter.finished,
    };
  }

  /**
   * A chapter of a story in the library with the reader's progress, and the reader's plan; 404
   * when there is no such chapter, 403 limits.library when the plan does not read its story.
   */
  async function readableChapter(userId: string, chapterId: string) {
    const [meta, plan, progress] = await Promise.all([
      chapterMeta(chapterId),
      entitlements.planOf(userId),
      chapterProgressOf(userId),
    ]);
    if (!meta || (meta.story.ownerId !== null && meta.story.ownerId !== userId)) throw notFound();
    if (isLocked(meta.story, plan)) throw new AppError(403, 'limits.library');
    const own = progress[meta.id];
    const chapter = {
      ...meta,
      pagesCompleted: own?.pagesCompleted ?? 0,
      finished: own?.finished ?? false,
      progressUpdatedAt: own?.updatedAt ?? null,
    };
    return { chapter, plan };
  }

  /** A chapter and its story as the library has them (kept like the library's pages). */
  const chapterMeta = (chapterId: string) => chapterMetas(chapterId, () => stories.chapter(db, chapterId));

  /** The reader's progress per chapter, kept until they read on (or the library changes). */
  const chapterProgressOf = (userId: string) =>
    views.view(userId, `chapter-progress:${libraryGeneration}`, async () => {
      const progress: Record<string, ChapterProgressRow> = {};
      for (const row of await stories.chapterProgress(db, userId)) progress[row.chapterId] = row;
      return { value: progress, until: null };
    });

  const neighbours = (chapter: { number: number; story: { slug: string; chaptersCount: number } }) => ({
    previous: chapter.number > 1 ? chapterIdFor(chapter.story.slug, chapter.number - 1) : null,
    next:
      chapter.number < chapter.story.chaptersCount
        ? chapterIdFor(chapter.story.slug, chapter.number + 1)
        : null,
  });

  return {
    /** The library with search (titles and descriptions in any language, accents and case aside). */
    async list(userId: string, query: z.output<typeof storyListQuery>): Promise<StoryPage> {
      const [{ locale }, plan] = await readerOf(userId);
      const filters = {
        terms: foldText(query.search ?? '')
          .split(' ')
          .filter(Boolean),
        language: query.language,
        genre: query.genre,
        level: query.difficulty,
        category: query.category,
      };
      const page = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
      // The library changes only when it is loaded (at start-up, by this or another instance).
      const key = JSON.stringify([libraryGeneration, filters, page]);
      const answer = async () => {
        const marks = await marksOf(userId);
        const found = await libraryPages(key, () => stories.list(db, filters, page));
        return {
          count: found.total,
          page: query.page,
          page_size: query.page_size,
          results: found.rows.map((row) => toCard({ ...row, ...(marks[row.id] ?? NO_MARKS) }, locale, plan)),
        };
      };
      // The reader's browsing (not their searches, which are endless) is kept with their marks.
      if (filters.terms.length > 0) return answer();
      return views.view(userId, `stories:${locale}:${plan}:${key}`, async () => ({
        value: await answer(),
        until: new Date(clock.now().getTime() + LIBRARY_PAGE_TTL_MS),
      }));
    },

    /**
     * The home page: stories in the learner's language at the level of their onboarding answer
     * (then the neighbouring levels) they have not finished, the newest stories in their language,
     * the stories they are reading and their favorites.
     */
    async home(userId: string): Promise<StoryHome> {
      const [me, plan] = await readerOf(userId);
      const language = me.learning_language;
      const levels = levelsAround(LEVEL_FOR_PROFICIENCY[me.proficiency ?? 'other']);
      const recommended = await stories.recommended(db, userId, { language, levels }, HOME_SECTION_SIZE);
      const recentlyAdded = await stories.newest(db, userId, language, HOME_SECTION_SIZE);
      const inProgress = await stories.inProgress(db, userId, PAGE_SIZE_MAX);
      const favorites = await stories.favorites(db, userId, PAGE_SIZE_MAX);
      const cards = (rows: CardRow[]) => rows.map((row) => toCard(row, me.locale, plan));
      return {
        recommended: cards(recommended),
        recently_added: cards(recentlyAdded),
        in_progress: cards(inProgress),
        favorites: cards(favorites),
      };
    },

    async detail(userId: string, storyId: string): Promise<StoryDetail> {
      const [{ locale }, plan] = await readerOf(userId);
      const row = await stories.card(db, userId, storyId);
      if (!row) throw notFound();
      const chapters = (await stories.chapters(db, userId, storyId)).map((chapter) =>
        toChapterSummary(chapter, row, locale),
      );
      const next = chapters.find((chapter) => !chapter.finished);
      return {
        ...toCard(row, locale, plan),
        description_translation: row.description[locale],
        chapters,
        continue_chapter_id: next?.id ?? null,
        continue_page: next ? Math.min(next.pages_completed + 1, next.pages_count) : null,
        finished: !next,
      };
    },

    /** One story's card, if the learner may open it. */
    async card(userId: string, storyId: string): Promise<StoryCard | null> {
      const [{ locale }, plan] = await readerOf(userId);
      const row = await stories.card(db, userId, storyId);
      return row && toCard(row, locale, plan);
    },

    /** The learner's own stories (the story generator's), newest first. */
    async own(userId: string): Promise<StoryCard[]> {
      const [{ locale }, plan] = await readerOf(userId);
      return (await stories.ownCards(db, userId)).map((row) => toCard(row, locale, plan));
    },

    async setFavorite(userId: string, storyId: string, favorite: boolean) {
      if (!(await stories.exists(db, userId, storyId))) throw notFound();
      await stories.setFavorite(db, userId, storyId, favorite, clock.now());
      await changed(userId);
      return { favorite };
    },

    /** The cover art and its version (the story's content hash). */
    async cover(storyId: string) {
      const cover = await stories.cover(db, storyId);
      if (!cover) throw notFound();
      return cover;
    },

    /**
     * A chapter to read: every page, sentences translated for the reader, and where to resume.
     * Opening it starts the story, so it is on the reader's shelf ("in progress") while the first
     * page is read; progress itself never moves back.
     */
    /**
     * A chapter as the reader gets it, already serialized: its pages (the bulk of it) are the same
     * for every reader of one translation language, so their JSON is kept per story version and
     * language, as UTF-8 bytes (sent as they are: no encoding per request); the rest is the
     * reader's. `etag` changes with anything the answer depends on.
     */
    async chapter(userId: string, chapterId: string): Promise<{ body: Buffer; etag: string }> {
      const [me, { chapter }] = await Promise.all([userOf(userId), readableChapter(userId, chapterId)]);
      const { story, pagesCompleted, finished } = chapter;
      // Opening a chapter puts its story first among those in progress; once a minute is enough.
      const now = clock.now();
      if (
        !chapter.progressUpdatedAt ||
        now.getTime() - chapter.progressUpdatedAt.getTime() > TOUCH_EVERY_MS
      ) {
        await stories.saveProgress(db, {
          userId,
          chapterId,
          storyId: story.id,
          pagesCompleted: 0,
          finishedAt: null,
          updatedAt: now,
        });
        await changed(userId);
      }
      const language = story.language as LearningLanguage;
      const target = translationLanguageFor(me.locale, language);
      const key = toLearningLanguage(target);
      const pagesKey = `${chapter.id}:${story.contentHash}:${key}`;
      // A library chapter answers the same to every reader with the same locale and progress on it
      // (a learner's own story can be renamed under the same text: built each time, and sent
      // uncompressed, like any answer built for one request).
      const answerKey = story.ownerId === null && `${pagesKey}:${me.locale}:${pagesCompleted}:${finished}`;
      const known = answerKey ? answers.get(answerKey) : undefined;
      if (known) return known;
      let pagesJson = pagesCache.get(pagesKey);
      if (pagesJson === undefined) {
        const pages: ChapterDetail['pages'] = (await stories.pages(db, chapterId)).map((page) => ({
          number: page.number,
          sentences: page.sentences.map((sentence) => ({
            text: sentence.text,
            translation: sentence.translations[key] ?? '',
            lemmas: sentence.lemmas,
          })),
        }));
        pagesJson = Buffer.from(JSON.stringify(pages));
        pagesCache.set(pagesKey, pagesJson);
      }
      const { previous, next } = neighbours(chapter);
      const head: Omit<ChapterDetail, 'pages'> = {
        id: chapter.id,
        number: chapter.number,
        title: chapter.title[language],
        title_translation: chapter.title[me.locale],
        story: {
          id: story.id,
          title: story.title[language],
          language,
          level: story.level as Level,
          cover_url: storyCoverUrl(apiPrefix, story.id, story.contentHash),
          chapters_count: story.chaptersCount,
        },
        translation_language: target,
        current_page: finished ? 1 : Math.min(pagesCompleted + 1, chapter.pagesCount),
        pages_completed: pagesCompleted,
        finished,
        previous_chapter_id: previous,
        next_chapter_id: next,
      };
      const body = Buffer.concat([
        Buffer.from(`${JSON.stringify(head).slice(0, -1)},"pages":`),
        pagesJson,
        CLOSE_BRACE,
      ]);
      const etag = `"${story.contentHash.slice(0, 16)}-${me.locale}-${key}-${pagesCompleted}-${finished ? 1 : 0}"`;
      if (answerKey) answers.set(answerKey, { body: keep(body), etag });
      return { body, etag };
    },

    /**
     * Records that the reader completed `page` (and the pages before it), never moving progress
     * back; the chapter is finished only with its last page. Adds the reading time (capped) to the
     * reader's local day and the looked-up words that belong to the chapter.
     */
    async recordProgress(
      userId: string,
      chapterId: string,
      body: z.output<typeof chapterProgressBody>,
    ): Promise<ChapterProgress> {
      const { chapter } = await readableChapter(userId, chapterId);
      if (body.page > chapter.pagesCount)
        throw badRequest('error.invalid-value', { page: 'error.invalid-value' });
      if (body.finished && body.page !== chapter.pagesCount) {
        throw badRequest('error.invalid-value', { finished: 'error.invalid-value' });
      }
      const me = await userOf(userId);
      let words: string[] = [];
      if (body.looked_up.length > 0) {
        const inChapter = new Set(
          (await stories.pages(db, chapterId)).flatMap((page) =>
            page.sentences.flatMap((s) => wordsOf(s.text)),
          ),
        );
        words = [...new Set(body.looked_up.map((w) => w.normalize('NFC').toLowerCase()))].filter((w) =>
          inChapter.has(w),
        );
      }
      const now = clock.now();
      const seconds = Math.min(body.reading_seconds, READING_SECONDS_PER_REPORT_MAX);
      const { story } = chapter;
      const recorded = await ledger.transaction(async (tx) => {
        const saved = await stories.saveProgress(tx, {
          userId,
          chapterId,
          storyId: story.id,
          pagesCompleted: body.page,
          finishedAt: body.finished ? now : null,
          updatedAt: now,
        });
        if (seconds > 0) {
          await stories.addReadingTime(tx, {
            id: body.report_id,
            userId,
            chapterId,
            seconds,
            localDay: localDay(now, me.timezone),
            createdAt: now,
          });
        }
        await stories.addLookups(tx, userId, chapterId, words, now);
        await ledger.recordReading(tx, userId, chapterId, body.page);
        const inStory = await stories.storyProgress(tx, userId, story.id);
        return {
          chapter_id: chapterId,
          pages_completed: saved.pagesCompleted,
          finished: saved.finishedAt !== null,
          story_progress: story.pagesCount > 0 ? Math.min(1, inStory.pagesDone / story.pagesCount) : 0,
          story_finished: inStory.chaptersFinished >= story.chaptersCount,
        };
      });
      await changed(userId);
      return recorded;
    },

    /** The finished-chapter page: what was read, for how long, the words looked up, what is next. */
    async summary(userId: string, chapterId: string): Promise<ChapterReadSummary> {
      const { locale } = await userOf(userId);
      const { chapter, plan } = await readableChapter(userId, chapterId);
      const card = await stories.card(db, userId, chapter.story.id);
      if (!card) throw notFound();
      const readingSeconds = await stories.readingSeconds(db, userId, chapterId);
      const lookedUp = await stories.lookups(db, userId, chapterId);
      return {
        chapter: toChapterSummary(chapter, chapter.story, locale),
        story: toCard(card, locale, plan),
        words_read: chapter.wordCount,
        reading_seconds: readingSeconds,
        looked_up: lookedUp,
        next_chapter_id: neighbours(chapter).next,
        story_finished: card.chaptersFinished >= card.chaptersCount,
      };
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
