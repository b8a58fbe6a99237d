import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  STORIES_DIR,
  glossaryProblems,
  readLibrary,
  storySchema,
  type Glossary,
  type StoryQuestions,
} from '@lendo/content';
import { asc, count, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chapters, pages, readingSessions, stories } from '../src/db/schema.ts';
import { loadLibrary } from '../src/modules/stories/library-loader.ts';
import { build, signup } from './helper.ts';
import { chapterId, favorite, get, library, onboard, report, storyId } from './story-helpers.ts';

const { app, clock, database } = await build();
const { db } = database;

// Small steps: access tokens live 15 minutes on the test clock too.
const STEP_MS = 60_000;
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the library to edit; `edit` gets the folder of the copy. */
function libraryCopy(edit: (root: string) => void) {
  const root = mkdtempSync(join(tmpdir(), 'lendo-library-'));
  copies.push(root);
  cpSync(STORIES_DIR, root, { recursive: true });
  edit(root);
  return readLibrary(root);
}

const storyFile = (root: string, slug: string) => join(root, slug.slice(0, 2), slug, 'story.json');
/** Edits a story of the copy; glossary entries no word uses any more go, as an author would remove them. */
function editStory(root: string, slug: string, change: (story: (typeof library)[number]) => void) {
  const file = storyFile(root, slug);
  const story = JSON.parse(readFileSync(file, 'utf8'));
  change(story);
  writeFileSync(file, JSON.stringify(story, null, 2));
  const glossaryFile = join(dirname(file), 'glossary.json');
  const glossary = JSON.parse(readFileSync(glossaryFile, 'utf8')) as Glossary;
  for (const problem of glossaryProblems(storySchema.parse(story), glossary)) {
    if (problem.message === 'no word of the story uses this entry') delete glossary[problem.where];
  }
  writeFileSync(glossaryFile, JSON.stringify(glossary, null, 2));
  // A chapter removed takes its comprehension questions with it.
  const questionsFile = join(dirname(file), 'questions.json');
  const questions = JSON.parse(readFileSync(questionsFile, 'utf8')) as StoryQuestions;
  questions.chapters = questions.chapters.slice(0, story.chapters.length);
  writeFileSync(questionsFile, JSON.stringify(questions, null, 2));
}

async function snapshot() {
  const rows = await db
    .select({
      id: stories.id,
      hash: stories.contentHash,
      updatedAt: stories.updatedAt,
      createdAt: stories.createdAt,
    })
    .from(stories)
    .orderBy(asc(stories.id));
  const [chapterCount] = await db.select({ n: count() }).from(chapters);
  const [pageCount] = await db.select({ n: count() }).from(pages);
  return { rows, chapters: chapterCount!.n, pages: pageCount!.n };
}

/** A story of three or more chapters whose second chapter has three or more pages. */
const slug = library.find((s) => s.free && s.chapters.length >= 3 && s.chapters[1]!.pages.length >= 3)!.slug;
const original = library.find((s) => s.slug === slug)!;
const lastChapter = original.chapters.length;
const secondPages = original.chapters[1]!.pages.length;

describe('loading the story library', () => {
  it('loads every story at start-up, and loading again writes nothing', async () => {
    const before = await snapshot();
    expect(before.rows).toHaveLength(library.length);
    expect(before.chapters).toBe(library.reduce((n, s) => n + s.chapters.length, 0));
    expect(before.pages).toBe(library.reduce((n, s) => n + s.chapters.flatMap((c) => c.pages).length, 0));

    clock.advance(STEP_MS);
    expect(await loadLibrary(db, readLibrary(), clock.now())).toEqual({
      stories: library.length,
      written: 0,
      retired: 0,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('updates a changed story in place, keeping favorites and progress, fitted to the new story', async () => {
    const id = storyId(slug);
    const a = (await signup(app)).tokens;
    const b = (await signup(app)).tokens;
    await favorite(app, a, id, true);
    await report(app, a, chapterId(slug, 1), { page: 2 });
    await report(app, a, chapterId(slug, 2), { page: secondPages, finished: true });
    await report(app, a, chapterId(slug, lastChapter), { page: 1, reading_seconds: 120 });
    await report(app, b, chapterId(slug, 2), { page: secondPages });
    const before = await snapshot();
    const detailBefore = (await get(app, a, `/api/stories/${id}/`)).json();

    // Edit the first sentence, drop the last page of chapter 2 and the last chapter.
    const edited = libraryCopy((root) =>
      editStory(root, slug, (story) => {
        const sentence = story.chapters[0]!.pages[0]![0]!;
        sentence.text = `“${sentence.text}”`;
        sentence.translations = Object.fromEntries(
          Object.entries(sentence.translations).map(([language, text]) => [language, `“${text}”`]),
        );
        story.chapters[1]!.pages.pop();
        story.chapters.pop();
      }),
    );
    clock.advance(STEP_MS);
    expect(await loadLibrary(db, edited, clock.now())).toEqual({
      stories: library.length,
      written: 1,
      retired: 0,
    });

    const after = await snapshot();
    const row = after.rows.find((r) => r.id === id)!;
    expect(row.createdAt).toEqual(before.rows.find((r) => r.id === id)!.createdAt);
    expect(row.updatedAt).toEqual(clock.now());
    // Nothing else was written.
    expect(after.rows.filter((r) => r.id !== id)).toEqual(before.rows.filter((r) => r.id !== id));
    expect(after.chapters).toBe(before.chapters - 1);
    expect(after.pages).toBe(before.pages - 1 - original.chapters[lastChapter - 1]!.pages.length);

    const detail = (await get(app, a, `/api/stories/${id}/`)).json();
    expect(detail).toMatchObject({
      id,
      favorite: true,
      chapters_count: lastChapter - 1,
      created_at: detailBefore.created_at,
    });
    expect(detail.cover_url).not.toBe(detailBefore.cover_url);
    expect(detail.chapters[0]).toMatchObject({ pages_completed: 2, finished: false });
    // Chapter 2 was finished: still finished, every page of it read.
    expect(detail.chapters[1]).toMatchObject({
      pages_count: secondPages - 1,
      pages_completed: secondPages - 1,
      finished: true,
    });
    const detailB = (await get(app, b, `/api/stories/${id}/`)).json();
    expect(detailB.chapters[1]).toMatchObject({ pages_completed: secondPages - 1, finished: false });

    const chapter = (await get(app, a, `/api/chapters/${chapterId(slug, 1)}/`)).json();
    const sentence = chapter.pages[0].sentences[0];
    expect(sentence.text).toBe(`“${original.chapters[0]!.pages[0]![0]!.text}”`);
    expect(sentence.translation).toMatch(/^“.+”$/);
    expect(chapter.next_chapter_id).toBe(chapterId(slug, 2));

    // The dropped chapter is gone; the time read in it still counts.
    for (const url of [
      `/api/chapters/${chapterId(slug, lastChapter)}/`,
      `/api/chapters/${chapterId(slug, lastChapter)}/summary/`,
    ]) {
      expect((await get(app, a, url)).statusCode).toBe(404);
    }
    const orphaned = await db.select().from(readingSessions).where(isNull(readingSessions.chapterId));
    expect(orphaned.map((r) => r.seconds)).toContain(120);
    expect((await get(app, a, `/api/chapters/${chapterId(slug, 2)}/`)).json().next_chapter_id).toBeNull();

    // Back to the library as it is: the chapter returns, progress in it starts again.
    clock.advance(STEP_MS);
    expect(await loadLibrary(db, readLibrary(), clock.now())).toMatchObject({ written: 1 });
    const restored = (await get(app, a, `/api/stories/${id}/`)).json();
    expect(restored).toMatchObject({ favorite: true, chapters_count: lastChapter });
    expect(restored.chapters[lastChapter - 1]).toMatchObject({ pages_completed: 0 });
  });

  it('hides a story that left the library and brings it back with its readers’ data', async () => {
    const id = storyId(slug);
    const a = (await signup(app)).tokens;
    await favorite(app, a, id, true);
    const without = libraryCopy((root) => rmSync(join(root, slug.slice(0, 2), slug), { recursive: true }));
    clock.advance(STEP_MS);
    expect(await loadLibrary(db, without, clock.now())).toEqual({
      stories: library.length - 1,
      written: 0,
      retired: 1,
    });
    expect((await get(app, a, `/api/stories/${id}/`)).statusCode).toBe(404);
    expect((await get(app, a, `/api/stories/${id}/cover.svg`)).statusCode).toBe(404);
    expect((await get(app, a, `/api/chapters/${chapterId(slug, 1)}/`)).statusCode).toBe(404);
    expect((await get(app, a, '/api/stories/')).json().count).toBe(library.length - 1);
    expect((await get(app, a, '/api/stories/home/')).json().favorites).toEqual([]);

    clock.advance(STEP_MS);
    expect(await loadLibrary(db, readLibrary(), clock.now())).toMatchObject({ written: 1, retired: 0 });
    expect((await get(app, a, `/api/stories/${id}/`)).json()).toMatchObject({ id, favorite: true });
    expect((await get(app, a, '/api/stories/')).json().count).toBe(library.length);
  });

  it('lists a story added later first, as recently added in its language', async () => {
    const newSlug = `${slug.slice(0, 3)}zz-a-new-story`;
    const grown = libraryCopy((root) => {
      cpSync(join(root, slug.slice(0, 2), slug), join(root, slug.slice(0, 2), newSlug), { recursive: true });
      editStory(root, newSlug, (story) => {
        story.slug = newSlug;
      });
    });
    clock.advance(STEP_MS);
    expect(await loadLibrary(db, grown, clock.now())).toMatchObject({
      written: 1,
      stories: library.length + 1,
    });
    const [row] = await db.select().from(stories).where(eq(stories.slug, newSlug));
    expect(row).toMatchObject({ id: storyId(newSlug), createdAt: clock.now() });

    const { tokens } = await signup(app);
    await onboard(app, tokens, { language: original.language, proficiency: 'other', motivation: 'other' });
    expect((await get(app, tokens, '/api/stories/?page_size=1')).json().results[0].slug).toBe(newSlug);
    expect((await get(app, tokens, '/api/stories/home/')).json().recently_added[0].slug).toBe(newSlug);
  });
});
