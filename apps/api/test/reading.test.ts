import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ChapterDetail } from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { pointsLedger, readingSessions } from '../src/db/schema.ts';
import { bearer, build, signup } from './helper.ts';
import {
  chapterId,
  chapterWords,
  favorite,
  finishStory,
  get,
  library,
  report,
  storyId,
  storyOf,
} from './story-helpers.ts';

const { app, clock, database } = await build();

const chapterOf = async (tokens: { access: string }, id: string) => {
  const res = await get(app, tokens, `/api/chapters/${id}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChapterDetail;
};

/** A story with at least three pages in its first chapter, for the progress rules. */
const slug = library.find((s) => s.free && s.chapters[0]!.pages.length >= 3 && s.chapters.length >= 2)!.slug;
const story = storyOf(slug);
const first = chapterId(slug, 1);
const lastPage = story.chapters[0]!.pages.length;
const totalPages = story.chapters.flatMap((c) => c.pages).length;

describe('GET /chapters/{id}/', () => {
  it("gives every page with sentences translated for the reader's interface", async () => {
    const slugEs = 'es-la-sopa-de-los-martes';
    const es = storyOf(slugEs);
    const { tokens } = await signup(app, { locale: 'pt' });
    const chapter = await chapterOf(tokens, chapterId(slugEs, 2));
    expect(chapter).toMatchObject({
      id: chapterId(slugEs, 2),
      number: 2,
      title: es.chapters[1]!.title.es,
      title_translation: es.chapters[1]!.title.pt,
      story: {
        id: storyId(slugEs),
        title: es.title.es,
        language: 'es',
        level: es.level,
        cover_url: expect.stringContaining(`/api/stories/${storyId(slugEs)}/cover.svg`),
        chapters_count: es.chapters.length,
      },
      translation_language: 'pt-br',
      current_page: 1,
      pages_completed: 0,
      finished: false,
      previous_chapter_id: chapterId(slugEs, 1),
      next_chapter_id: es.chapters.length > 2 ? chapterId(slugEs, 3) : null,
    });
    expect(chapter.pages).toEqual(
      es.chapters[1]!.pages.map((page, p) => ({
        number: p + 1,
        sentences: page.map((s) => ({ text: s.text, translation: s.translations.pt, lemmas: s.lemmas })),
      })),
    );
  });

  it('translates into pt-br for the pt and en interfaces and es for es; into English when that is the story language', async () => {
    const cases = [
      { locale: 'en', slug: 'en-the-frog-prince', language: 'pt-br', key: 'pt' },
      { locale: 'es', slug: 'en-the-frog-prince', language: 'es', key: 'es' },
      { locale: 'pt', slug: 'pt-o-curupira', language: 'en', key: 'en' },
      { locale: 'en', slug: 'es-la-llorona', language: 'pt-br', key: 'pt' },
      { locale: 'es', slug: 'es-la-llorona', language: 'en', key: 'en' },
    ] as const;
    for (const c of cases) {
      const { tokens } = await signup(app, { locale: c.locale });
      const chapter = await chapterOf(tokens, chapterId(c.slug, 1));
      const expected = storyOf(c.slug).chapters[0]!.pages[0]![0]!;
      expect(chapter.translation_language, `${c.locale} ${c.slug}`).toBe(c.language);
      expect(chapter.pages[0]!.sentences[0]!.translation).toBe(expected.translations[c.key]);
      expect(chapter.title_translation).toBe(storyOf(c.slug).chapters[0]!.title[c.locale]);
    }
  });

  it('links the first chapter to no previous one and the last to no next one', async () => {
    const { tokens } = await signup(app);
    const n = story.chapters.length;
    expect(await chapterOf(tokens, first)).toMatchObject({
      previous_chapter_id: null,
      next_chapter_id: chapterId(slug, 2),
    });
    expect(await chapterOf(tokens, chapterId(slug, n))).toMatchObject({
      previous_chapter_id: chapterId(slug, n - 1),
      next_chapter_id: null,
    });
  });

  it('tags the answer so a browser revalidates it for free, and changes the tag with progress or language', async () => {
    const { tokens } = await signup(app, { locale: 'en' });
    const url = `/api/chapters/${first}/`;
    const opened = await get(app, tokens, url);
    const etag = opened.headers.etag as string;
    expect(opened.headers['cache-control']).toBe('private, no-cache');
    expect(etag).toMatch(/^".+"$/);

    const again = await app.inject({ url, headers: { ...bearer(tokens), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await report(app, tokens, first, { page: 1 });
    const moved = await app.inject({ url, headers: { ...bearer(tokens), 'if-none-match': etag } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ pages_completed: 1, current_page: 2 });
    expect(moved.headers.etag).not.toBe(etag);

    // Another reader with the same language sees their own progress, not the first reader's.
    const { tokens: second } = await signup(app, { locale: 'en' });
    const fresh = await get(app, second, url);
    expect(fresh.json()).toMatchObject({ pages_completed: 0, current_page: 1 });
    expect(fresh.headers.etag).toBe(etag);

    // Another reader, another interface language: other translations, so another tag.
    const { tokens: spanish } = await signup(app, { locale: 'es' });
    const other = await get(app, spanish, url);
    expect(other.headers.etag).not.toBe(etag);
    expect(other.json().translation_language).toBe('es');
  });
});

describe('POST /chapters/{id}/progress/', () => {
  it('moves forward only, and finishes the chapter only with its last page', async () => {
    const { tokens } = await signup(app);
    let res = await report(app, tokens, first, { page: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      chapter_id: first,
      pages_completed: 2,
      finished: false,
      story_progress: 2 / totalPages,
      story_finished: false,
    });
    expect(await chapterOf(tokens, first)).toMatchObject({ current_page: 3, pages_completed: 2 });

    // Going back to page 1, or sending the same report again, loses nothing.
    for (const page of [1, 2]) {
      res = await report(app, tokens, first, { page });
      expect(res.json()).toMatchObject({ pages_completed: 2, finished: false });
    }

    // Finishing before the last page, or a page the chapter lacks, is refused and changes nothing.
    res = await report(app, tokens, first, { page: lastPage - 1, finished: true, reading_seconds: 30 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'error.invalid-value',
      fields: { finished: 'error.invalid-value' },
    });
    res = await report(app, tokens, first, { page: lastPage + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ page: 'error.invalid-value' });
    expect(await chapterOf(tokens, first)).toMatchObject({ pages_completed: 2, finished: false });

    // The last page without `finished` completes it but does not finish the chapter.
    res = await report(app, tokens, first, { page: lastPage });
    expect(res.json()).toMatchObject({ pages_completed: lastPage, finished: false });
    res = await report(app, tokens, first, { page: lastPage, finished: true });
    expect(res.json()).toMatchObject({ pages_completed: lastPage, finished: true, story_finished: false });
    expect(res.json().story_progress).toBeCloseTo(lastPage / totalPages);

    // A finished chapter stays finished when read again; it opens on page 1.
    res = await report(app, tokens, first, { page: 1 });
    expect(res.json()).toMatchObject({ pages_completed: lastPage, finished: true });
    expect(await chapterOf(tokens, first)).toMatchObject({
      current_page: 1,
      pages_completed: lastPage,
      finished: true,
    });
  });

  it('finishes the story with its last chapter', async () => {
    const { tokens } = await signup(app);
    await finishStory(app, tokens, slug);
    const n = story.chapters.length;
    const res = await report(app, tokens, chapterId(slug, n), { page: 1 });
    expect(res.json()).toMatchObject({ finished: true, story_progress: 1, story_finished: true });
    const card = (await get(app, tokens, `/api/stories/${storyId(slug)}/`)).json();
    expect(card).toMatchObject({ progress: 1, finished: true });
  });

  it('rejects malformed reports', async () => {
    const { tokens } = await signup(app);
    const bad = [
      [{}, 'page', 'error.required'],
      [{ page: 0 }, 'page', 'error.invalid-value'],
      [{ page: 1.5 }, 'page', 'error.invalid-value'],
      [{ page: '2' }, 'page', 'error.invalid-value'],
      [{ page: 1, finished: 'yes' }, 'finished', 'error.invalid-value'],
      [{ page: 1, reading_seconds: -1 }, 'reading_seconds', 'error.invalid-value'],
      [{ page: 1, reading_seconds: 3601 }, 'reading_seconds', 'error.invalid-value'],
      [{ page: 1, looked_up: ['x'.repeat(65)] }, 'looked_up.0', 'error.invalid-value'],
      [{ page: 1, looked_up: 'casa' }, 'looked_up', 'error.invalid-value'],
    ] as const;
    for (const [payload, field, code] of bad) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/chapters/${first}/progress/`,
        headers: bearer(tokens),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toMatchObject({ [field]: code });
    }
    expect(await chapterOf(tokens, first)).toMatchObject({ pages_completed: 0 });
  });

  it("records reading time, at most 10 minutes a report, on the reader's local day", async () => {
    const { tokens } = await signup(app, { timezone: 'America/Sao_Paulo' });
    const me = (await get(app, tokens, '/api/auth/me/')).json();
    await report(app, tokens, first, { page: 1, reading_seconds: 90 });
    await report(app, tokens, first, { page: 2, reading_seconds: 3000 });
    await report(app, tokens, first, { page: 2 });
    const rows = await database.db
      .select()
      .from(readingSessions)
      .where(and(eq(readingSessions.userId, me.id), eq(readingSessions.chapterId, first)));
    expect(rows.map((r) => r.seconds).sort((a, b) => a - b)).toEqual([90, 600]);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(clock.now());
    expect(rows.every((r) => r.localDay === day)).toBe(true);
    const summary = (await get(app, tokens, `/api/chapters/${first}/summary/`)).json();
    expect(summary.reading_seconds).toBe(690);
  });

  it('counts a report sent twice (a retry, or two at once) once, and pays its minutes once', async () => {
    const { tokens } = await signup(app);
    const once = { page: 1, reading_seconds: 150, report_id: randomUUID() };
    const answers = await Promise.all([
      report(app, tokens, first, once),
      report(app, tokens, first, once),
      report(app, tokens, first, once),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    await report(app, tokens, first, once);
    const summary = (await get(app, tokens, `/api/chapters/${first}/summary/`)).json();
    expect(summary.reading_seconds).toBe(150);
    const me = (await get(app, tokens, '/api/auth/me/')).json();
    const minutes = await database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, me.id), eq(pointsLedger.kind, 'reading')));
    expect(minutes).toHaveLength(2);
    // Another report (another id) adds its time.
    await report(app, tokens, first, { page: 1, reading_seconds: 30, report_id: randomUUID() });
    expect((await get(app, tokens, `/api/chapters/${first}/summary/`)).json().reading_seconds).toBe(180);
  });
});

describe('GET /chapters/{id}/summary/', () => {
  it('tells what was read, for how long, the words looked up once each, and what is next', async () => {
    const { tokens } = await signup(app);
    const words = story.chapters[0]!.pages[0]![0]!.text.match(/\p{L}+/gu)!;
    const [a, b] = [words[0]!, words.at(-1)!];
    await report(app, tokens, first, {
      page: 1,
      reading_seconds: 40,
      looked_up: [a.toUpperCase(), a.toLowerCase(), 'zzqxj', a],
    });
    clock.advance(1000);
    await report(app, tokens, first, {
      page: lastPage,
      finished: true,
      reading_seconds: 20,
      looked_up: [b, a],
    });
    const res = await get(app, tokens, `/api/chapters/${first}/summary/`);
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({
      chapter: {
        id: first,
        number: 1,
        pages_count: lastPage,
        pages_completed: lastPage,
        finished: true,
        word_count: chapterWords(story, 0),
      },
      story: { id: storyId(slug), progress: lastPage / totalPages },
      words_read: chapterWords(story, 0),
      reading_seconds: 60,
      looked_up: [...new Set([a.toLowerCase(), b.toLowerCase()])],
      next_chapter_id: chapterId(slug, 2),
      story_finished: false,
    });
  });

  it('is empty for a chapter not read yet', async () => {
    const { tokens } = await signup(app);
    const summary = (await get(app, tokens, `/api/chapters/${chapterId(slug, 2)}/summary/`)).json();
    expect(summary).toMatchObject({
      chapter: { pages_completed: 0, finished: false },
      reading_seconds: 0,
      looked_up: [],
      story_finished: false,
    });
  });
});

describe("a reader's own data", () => {
  it('is never shown to another reader, through any endpoint', async () => {
    const a = (await signup(app)).tokens;
    const b = (await signup(app)).tokens;
    const id = storyId(slug);
    const words = story.chapters[0]!.pages[0]![0]!.text.match(/\p{L}+/gu)!;
    await favorite(app, a, id, true);
    await report(app, a, first, { page: lastPage, finished: true, reading_seconds: 100, looked_up: words });
    await report(app, a, chapterId(slug, 2), { page: 1, reading_seconds: 10 });
    // B unmarking the story leaves A's favorite alone.
    await favorite(app, b, id, false);

    const detailA = (await get(app, a, `/api/stories/${id}/`)).json();
    expect(detailA).toMatchObject({ favorite: true, continue_chapter_id: chapterId(slug, 2) });
    expect(detailA.progress).toBeGreaterThan(0);

    const detailB = (await get(app, b, `/api/stories/${id}/`)).json();
    expect(detailB).toMatchObject({
      favorite: false,
      progress: 0,
      finished: false,
      continue_chapter_id: first,
      continue_page: 1,
    });
    expect(
      detailB.chapters.every(
        (c: { pages_completed: number; finished: boolean }) => c.pages_completed === 0 && !c.finished,
      ),
    ).toBe(true);

    const cardB = (await get(app, b, `/api/stories/?page_size=48&language=${story.language}`))
      .json()
      .results.find((c: { id: string }) => c.id === id);
    expect(cardB).toMatchObject({ favorite: false, progress: 0 });

    const homeB = (await get(app, b, '/api/stories/home/')).json();
    expect(homeB.in_progress).toEqual([]);
    expect(homeB.favorites).toEqual([]);
    for (const section of ['recommended', 'recently_added'] as const) {
      for (const card of homeB[section]) expect(card).toMatchObject({ favorite: false, progress: 0 });
    }

    expect(await chapterOf(b, first)).toMatchObject({ pages_completed: 0, finished: false, current_page: 1 });
    const summaryB = (await get(app, b, `/api/chapters/${first}/summary/`)).json();
    expect(summaryB).toMatchObject({
      chapter: { pages_completed: 0, finished: false },
      story: { favorite: false, progress: 0 },
      reading_seconds: 0,
      looked_up: [],
      story_finished: false,
    });
    const progressB = (await report(app, b, first, { page: 1 })).json();
    expect(progressB).toMatchObject({ pages_completed: 1, finished: false, story_progress: 1 / totalPages });

    // And A still has everything.
    const summaryA = (await get(app, a, `/api/chapters/${first}/summary/`)).json();
    expect(summaryA).toMatchObject({
      reading_seconds: 100,
      chapter: { finished: true },
      story: { favorite: true },
    });
    expect(summaryA.looked_up.length).toBeGreaterThan(0);
  });
});
