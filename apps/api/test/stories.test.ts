import { randomUUID } from 'node:crypto';
import { readLibrary } from '@lendo/content';
import { CATEGORIES, LEVELS, WORDS_PER_MINUTE, type StoryCard } from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';
import {
  chapterId,
  chapterWords,
  favorite,
  finishStory,
  get,
  library,
  onboard,
  report,
  storyId,
  storyOf,
} from './story-helpers.ts';

const { app, clock } = await build();
const reader = (await signup(app)).tokens;

const list = async (query: string) => {
  const res = await get(app, reader, `/api/stories/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; page: number; page_size: number; results: StoryCard[] };
};
const slugs = (cards: StoryCard[]) => cards.map((card) => card.slug);
/** Every card matching `query`, page after page (48 at most a page). */
const listAll = async (query = '') => {
  const cards: StoryCard[] = [];
  for (let page = 1; ; page += 1) {
    const { results, count } = await list(`${query}&page=${page}&page_size=48`);
    cards.push(...results);
    if (cards.length >= count || results.length === 0) return cards;
  }
};
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

describe('GET /stories/', () => {
  it('pages the whole library, newest first then by title', async () => {
    const first = await list('');
    expect(first).toMatchObject({ count: library.length, page: 1, page_size: 12 });
    expect(first.results).toHaveLength(12);
    // Every story came in with the same first load, so the title decides.
    const byTitle = [...library]
      .sort((a, b) => (fold(a.title[a.language]) < fold(b.title[b.language]) ? -1 : 1))
      .map((s) => s.slug);
    expect(slugs(await listAll())).toEqual(byTitle);
    expect(slugs(first.results)).toEqual(byTitle.slice(0, 12));
    const second = await list('page=2&page_size=5');
    expect(second).toMatchObject({ page: 2, page_size: 5, count: library.length });
    expect(slugs(second.results)).toEqual(byTitle.slice(5, 10));
    const beyond = await list('page=99');
    expect(beyond).toEqual({ count: library.length, page: 99, page_size: 12, results: [] });
  });

  it('rejects page sizes outside 1..48 and pages below 1', async () => {
    for (const query of ['page_size=0', 'page_size=49', 'page_size=abc', 'page=0', 'page=-1', 'page=1.5']) {
      const res = await get(app, reader, `/api/stories/?${query}`);
      expect(res.statusCode, query).toBe(400);
      const field = query.split('=')[0]!;
      expect(res.json(), query).toMatchObject({
        code: 'error.invalid-value',
        fields: { [field]: 'error.invalid-value' },
      });
    }
    for (const page of ['99999999', '99999999999999999999']) {
      expect((await get(app, reader, `/api/stories/?page=${page}`)).statusCode, page).toBeLessThan(500);
    }
    expect((await get(app, reader, '/api/stories/?page_size=48')).statusCode).toBe(200);
    expect((await get(app, reader, '/api/stories/?page_size=1')).statusCode).toBe(200);
  });

  it('describes each story as a card', async () => {
    const slug = 'es-la-sopa-de-los-martes';
    const story = storyOf(slug);
    const [card] = (await list('search=martes&language=es')).results;
    const words = story.chapters.reduce((sum, _c, i) => sum + chapterWords(story, i), 0);
    expect(card).toEqual({
      id: storyId(slug),
      slug,
      language: 'es',
      title: story.title.es,
      // The reader's interface is Portuguese.
      title_translation: story.title.pt,
      description: story.description.es,
      level: story.level,
      genre: story.genre,
      category: story.category,
      cover_url: expect.stringMatching(
        new RegExp(`^/api/stories/${storyId(slug)}/cover\\.svg\\?v=[0-9a-f]{16}$`),
      ),
      chapters_count: story.chapters.length,
      word_count: words,
      duration_minutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE[story.level])),
      progress: 0,
      favorite: false,
      free: true,
      locked: false,
      origin: 'library',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('filters by language, genre, difficulty and category, combined', async () => {
    const expected = (keep: (s: (typeof library)[number]) => boolean) =>
      library
        .filter(keep)
        .map((s) => s.slug)
        .sort();
    const cases: Array<[string, (s: (typeof library)[number]) => boolean]> = [
      ['language=es', (s) => s.language === 'es'],
      ['genre=horror', (s) => s.genre === 'horror'],
      ['difficulty=elementary', (s) => s.level === 'elementary'],
      ['category=fairy%20tales', (s) => s.category === 'fairy tales'],
      ['language=pt&difficulty=elementary', (s) => s.language === 'pt' && s.level === 'elementary'],
      [
        'language=en&category=bible&genre=culture',
        (s) => s.language === 'en' && s.category === 'bible' && s.genre === 'culture',
      ],
    ];
    for (const [query, keep] of cases) {
      const page = await list(`${query}&page_size=48`);
      expect(slugs(page.results).sort(), query).toEqual(expected(keep));
      expect(page.count, query).toBe(expected(keep).length);
      expect(page.count, query).toBeGreaterThan(0);
    }
    for (const category of CATEGORIES) {
      expect((await list(`category=${encodeURIComponent(category)}`)).count, category).toBeGreaterThan(0);
    }
    for (const level of LEVELS) expect((await list(`difficulty=${level}`)).count, level).toBeGreaterThan(0);
  });

  it('rejects unknown filter values', async () => {
    for (const query of ['language=fr', 'genre=romance', 'difficulty=expert', 'category=all']) {
      const res = await get(app, reader, `/api/stories/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields[query.split('=')[0]!], query).toBe('error.invalid-value');
    }
  });

  it('searches titles and descriptions in every language, ignoring case and accents', async () => {
    const sopa = await list('search=sopa');
    expect(slugs(sopa.results)).toContain('es-la-sopa-de-los-martes');
    // "Soup for Grandma" is "Sopa para la abuela" in Spanish.
    expect(slugs(sopa.results)).toContain('en-soup-for-grandma');
    for (const search of ['joao', 'JOÃO', 'João', 'jOaO', '  joão  ']) {
      const found = await list(`search=${encodeURIComponent(search)}`);
      expect(slugs(found.results), search).toContain('pt-joao-e-o-pe-de-feijao');
    }
    expect(slugs((await list('search=feijao')).results)).toEqual(['pt-joao-e-o-pe-de-feijao']);
    // Every word must match, in any order.
    expect(slugs((await list('search=martes%20SOPA')).results)).toEqual(['es-la-sopa-de-los-martes']);
    // The English title of a Portuguese story.
    expect(slugs((await list('search=beanstalk')).results)).toEqual(['pt-joao-e-o-pe-de-feijao']);
    // Search combines with the filters.
    expect(slugs((await list('search=sopa&language=en')).results)).toEqual(['en-soup-for-grandma']);
  });

  it('treats LIKE wildcards in a search as text and answers no match with an empty page', async () => {
    for (const search of ['%', '_', '%%', 'a_b', '\\']) {
      const found = await list(`search=${encodeURIComponent(search)}`);
      expect(found.count, search).toBe(0);
      expect(found.results, search).toEqual([]);
    }
    expect((await list('search=zzqxj')).count).toBe(0);
    expect((await get(app, reader, `/api/stories/?search=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('gives the title translation in the interface language of the reader', async () => {
    const en = (await signup(app, { locale: 'en' })).tokens;
    const res = await get(app, en, '/api/stories/?search=feijao');
    const [card] = res.json().results;
    expect(card).toMatchObject({
      title: 'João e o pé de feijão',
      title_translation: storyOf('pt-joao-e-o-pe-de-feijao').title.en,
    });
  });
});

describe('GET /stories/home/', () => {
  const levelIndex = (card: StoryCard) => LEVELS.indexOf(card.level);

  it("recommends unfinished stories in the learner's language at their level, then the neighbouring ones", async () => {
    const { tokens } = await signup(app);
    await onboard(app, tokens, { language: 'es', proficiency: 'intermediate', motivation: 'travel' });
    const home = (await get(app, tokens, '/api/stories/home/')).json();
    const eligible = library.filter(
      (s) =>
        s.language === 'es' && ['pre-intermediate', 'intermediate', 'upper-intermediate'].includes(s.level),
    );
    expect(home.recommended).toHaveLength(Math.min(10, eligible.length));
    expect(home.recommended.every((c: StoryCard) => c.language === 'es')).toBe(true);
    const ranks = home.recommended.map((c: StoryCard) => (c.level === 'intermediate' ? 0 : levelIndex(c)));
    const exact = library.filter((s) => s.language === 'es' && s.level === 'intermediate').length;
    expect(ranks.slice(0, exact).every((r: number) => r === 0)).toBe(true);
    expect(ranks.slice(exact)).toEqual([...ranks.slice(exact)].sort());

    // A finished story is no longer recommended, nor in progress (a basic learner reads a free one).
    const done = home.recommended.find((c: StoryCard) => !c.locked) as StoryCard;
    await finishStory(app, tokens, done.slug);
    const after = (await get(app, tokens, '/api/stories/home/')).json();
    expect(slugs(after.recommended)).not.toContain(done.slug);
    expect(after.in_progress).toEqual([]);
  });

  it('maps each proficiency to its level', async () => {
    const levels = {
      beginner: 'elementary',
      intermediate: 'intermediate',
      advanced: 'upper-intermediate',
      fluent: 'advanced',
      other: 'pre-intermediate',
    } as const;
    for (const [proficiency, level] of Object.entries(levels)) {
      const { tokens } = await signup(app);
      await onboard(app, tokens, {
        language: 'pt',
        proficiency: proficiency as keyof typeof levels,
        motivation: 'career',
      });
      const home = (await get(app, tokens, '/api/stories/home/')).json();
      expect(home.recommended[0].level, proficiency).toBe(level);
      const around = LEVELS.slice(Math.max(0, LEVELS.indexOf(level) - 1), LEVELS.indexOf(level) + 2);
      for (const card of home.recommended) expect(around, proficiency).toContain(card.level);
    }
  });

  it('lists the newest stories of the learner language, or of every language before onboarding', async () => {
    const learner = (await signup(app)).tokens;
    await onboard(app, learner, { language: 'en', proficiency: 'beginner', motivation: 'other' });
    const home = (await get(app, learner, '/api/stories/home/')).json();
    expect(home.recently_added).toHaveLength(Math.min(10, library.filter((s) => s.language === 'en').length));
    expect(home.recently_added.every((c: StoryCard) => c.language === 'en')).toBe(true);

    const newcomer = (await signup(app)).tokens;
    const fresh = (await get(app, newcomer, '/api/stories/home/')).json();
    expect(fresh.recently_added).toHaveLength(10);
    expect(slugs(fresh.recently_added)).toEqual(slugs((await list('page_size=10')).results));
    expect(new Set(fresh.recommended.map((c: StoryCard) => c.language)).size).toBeGreaterThan(1);
    expect(fresh.in_progress).toEqual([]);
    expect(fresh.favorites).toEqual([]);
  });

  it('shows the stories being read, most recently read first, and the favorites', async () => {
    const { tokens } = await signup(app);
    await report(app, tokens, chapterId('en-the-frog-prince', 1), { page: 1 });
    clock.advance(60_000);
    await report(app, tokens, chapterId('pt-o-curupira', 2), { page: 2 });
    let home = (await get(app, tokens, '/api/stories/home/')).json();
    expect(slugs(home.in_progress)).toEqual(['pt-o-curupira', 'en-the-frog-prince']);
    expect(home.in_progress[1].progress).toBeCloseTo(
      1 / storyOf('en-the-frog-prince').chapters.flatMap((c) => c.pages).length,
    );

    clock.advance(60_000);
    await report(app, tokens, chapterId('en-the-frog-prince', 1), { page: 2 });
    await favorite(app, tokens, storyId('es-la-llorona'), true);
    clock.advance(60_000);
    await favorite(app, tokens, storyId('en-the-frog-prince'), true);
    home = (await get(app, tokens, '/api/stories/home/')).json();
    expect(slugs(home.in_progress)).toEqual(['en-the-frog-prince', 'pt-o-curupira']);
    expect(slugs(home.favorites)).toEqual(['en-the-frog-prince', 'es-la-llorona']);
    expect(home.favorites.every((c: StoryCard) => c.favorite)).toBe(true);
  });

  it('shelves a story as soon as its first page is open, and a page read moves it first', async () => {
    const { tokens } = await signup(app);
    const frog = chapterId('en-the-frog-prince', 1);
    expect((await get(app, tokens, `/api/chapters/${frog}/`)).statusCode).toBe(200);
    let home = (await get(app, tokens, '/api/stories/home/')).json();
    expect(slugs(home.in_progress)).toEqual(['en-the-frog-prince']);
    expect(home.in_progress[0]).toMatchObject({ progress: 0 });

    clock.advance(60_000);
    await get(app, tokens, `/api/chapters/${chapterId('pt-o-curupira', 1)}/`);
    clock.advance(60_000);
    await report(app, tokens, frog, { page: 1 });
    home = (await get(app, tokens, '/api/stories/home/')).json();
    expect(slugs(home.in_progress)).toEqual(['en-the-frog-prince', 'pt-o-curupira']);
    expect(home.in_progress[0].progress).toBeGreaterThan(0);

    // Opening a chapter again never takes progress back.
    await get(app, tokens, `/api/chapters/${frog}/`);
    const chapter = (await get(app, tokens, `/api/chapters/${frog}/`)).json();
    expect(chapter).toMatchObject({ pages_completed: 1, current_page: 2 });
  });
});

describe('GET /stories/{id}/', () => {
  it('gives the story with its chapters, duration and where to start', async () => {
    const slug = 'es-la-sopa-de-los-martes';
    const story = storyOf(slug);
    const res = await get(app, reader, `/api/stories/${storyId(slug)}/`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: storyId(slug),
      title: story.title.es,
      title_translation: story.title.pt,
      description: story.description.es,
      description_translation: story.description.pt,
      progress: 0,
      favorite: false,
      finished: false,
      continue_chapter_id: chapterId(slug, 1),
      continue_page: 1,
    });
    expect(detail.chapters).toEqual(
      story.chapters.map((chapter, i) => ({
        id: chapterId(slug, i + 1),
        number: i + 1,
        title: chapter.title.es,
        title_translation: chapter.title.pt,
        pages_count: chapter.pages.length,
        word_count: chapterWords(story, i),
        duration_minutes: Math.max(1, Math.round(chapterWords(story, i) / WORDS_PER_MINUTE[story.level])),
        pages_completed: 0,
        finished: false,
      })),
    );
    expect(detail.word_count).toBe(story.chapters.reduce((sum, _c, i) => sum + chapterWords(story, i), 0));
  });

  it('continues at the first unfinished chapter and says when the story is finished', async () => {
    const slug = 'en-jonah-and-the-big-fish';
    const story = storyOf(slug);
    const { tokens } = await signup(app);
    const pages = story.chapters[0]!.pages.length;
    await report(app, tokens, chapterId(slug, 1), { page: pages, finished: true });
    await report(app, tokens, chapterId(slug, 2), { page: 1 });
    let detail = (await get(app, tokens, `/api/stories/${storyId(slug)}/`)).json();
    expect(detail).toMatchObject({
      continue_chapter_id: chapterId(slug, 2),
      continue_page: 2,
      finished: false,
    });
    expect(detail.chapters[0]).toMatchObject({ pages_completed: pages, finished: true });
    const total = story.chapters.flatMap((c) => c.pages).length;
    expect(detail.progress).toBeCloseTo((pages + 1) / total);

    await finishStory(app, tokens, slug);
    detail = (await get(app, tokens, `/api/stories/${storyId(slug)}/`)).json();
    expect(detail).toMatchObject({
      continue_chapter_id: null,
      continue_page: null,
      finished: true,
      progress: 1,
    });
  });
});

describe('PUT /stories/{id}/favorite/', () => {
  it('marks and unmarks a favorite, idempotently', async () => {
    const { tokens } = await signup(app);
    const id = storyId('pt-o-gato-de-botas');
    for (const value of [true, true, false, false, true]) {
      const res = await favorite(app, tokens, id, value);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ favorite: value });
      expect((await get(app, tokens, `/api/stories/${id}/`)).json().favorite).toBe(value);
    }
    const card = (await get(app, tokens, '/api/stories/?search=botas')).json().results[0];
    expect(card).toMatchObject({ id, favorite: true });
  });

  it('needs a boolean', async () => {
    const id = storyId('pt-o-gato-de-botas');
    const cases = [
      [{}, 'error.required'],
      [{ favorite: 'yes' }, 'error.invalid-value'],
      [{ favorite: null }, 'error.invalid-value'],
    ] as const;
    for (const [payload, code] of cases) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/stories/${id}/favorite/`,
        headers: bearer(reader),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ favorite: code });
    }
  });
});

describe('GET /stories/{id}/cover.svg', () => {
  const slug = 'pt-o-curupira';
  const cover = readLibrary().find((entry) => entry.story.slug === slug)!.cover;

  it('serves the cover art publicly, cached for long, locked down', async () => {
    const { cover_url: url } = (await get(app, reader, `/api/stories/${storyId(slug)}/`)).json();
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toBe(cover);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(url).toContain(`?v=${etag.slice(1, 17)}`);

    const again = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'nope', chapterId(slug, 1)]) {
      const res = await app.inject({ url: `/api/stories/${id}/cover.svg` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.', code: 'error.not-found' });
    }
  });
});

describe('the library by plan', () => {
  const lockedSlug = 'en-soup-for-grandma';
  const freeSlug = 'en-the-frog-prince';
  const chapterUrls = (slug: string) => [
    { method: 'GET' as const, url: `/api/chapters/${chapterId(slug, 1)}/` },
    { method: 'POST' as const, url: `/api/chapters/${chapterId(slug, 1)}/progress/`, payload: { page: 1 } },
    { method: 'GET' as const, url: `/api/chapters/${chapterId(slug, 1)}/summary/` },
  ];

  it('flags every story with its free mark and, on the basic plan, locks the others', async () => {
    const results = await listAll();
    expect(results).toHaveLength(library.length);
    for (const card of results) {
      const { free } = storyOf(card.slug);
      expect({ free: card.free, locked: card.locked }, card.slug).toEqual({ free, locked: !free });
    }
    const home = (await get(app, reader, '/api/stories/home/')).json();
    expect(home.recently_added.some((c: StoryCard) => c.locked)).toBe(true);
  });

  it('leaves a basic learner a free story at every level of every language', async () => {
    const results = await listAll();
    for (const language of ['en', 'es', 'pt']) {
      for (const level of LEVELS) {
        const readable = results.filter((c) => c.language === language && c.level === level && !c.locked);
        expect(readable.length, `${language} ${level}`).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('shows a locked story but refuses its chapters with 403 limits.library', async () => {
    expect(storyOf(lockedSlug).free).toBe(false);
    const detail = (await get(app, reader, `/api/stories/${storyId(lockedSlug)}/`)).json();
    expect(detail).toMatchObject({
      free: false,
      locked: true,
      continue_chapter_id: chapterId(lockedSlug, 1),
    });
    expect(detail.chapters).toHaveLength(storyOf(lockedSlug).chapters.length);
    for (const request of chapterUrls(lockedSlug)) {
      const res = await app.inject({ ...request, headers: bearer(reader) });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'This story is part of the Pro plan.', code: 'limits.library' });
    }
    // Nothing was recorded by the refused progress report.
    expect((await get(app, reader, `/api/stories/${storyId(lockedSlug)}/`)).json().progress).toBe(0);
  });

  it('lets a basic learner read a free story', async () => {
    const { tokens } = await signup(app);
    const detail = (await get(app, tokens, `/api/stories/${storyId(freeSlug)}/`)).json();
    expect(detail).toMatchObject({ free: true, locked: false });
    for (const request of chapterUrls(freeSlug)) {
      const res = await app.inject({ ...request, headers: bearer(tokens) });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(200);
    }
  });
});

describe('unknown ids and signed-out callers', () => {
  const someStory = storyId('en-the-frog-prince');
  const someChapter = chapterId('en-the-frog-prince', 1);
  const endpoints = (story: string, chapter: string) => [
    { method: 'GET' as const, url: `/api/stories/${story}/` },
    { method: 'PUT' as const, url: `/api/stories/${story}/favorite/`, payload: { favorite: true } },
    { method: 'GET' as const, url: `/api/chapters/${chapter}/` },
    { method: 'POST' as const, url: `/api/chapters/${chapter}/progress/`, payload: { page: 1 } },
    { method: 'GET' as const, url: `/api/chapters/${chapter}/summary/` },
  ];

  it('answers 404 error.not-found, never 500, for unknown and malformed ids', async () => {
    const wrong = [
      [randomUUID(), randomUUID()],
      ['not-a-uuid', 'not-a-uuid'],
      ['00000000-0000-0000-0000-000000000000', "1'; drop table stories; --"],
      // A chapter id is not a story id, nor the other way round.
      [someChapter, someStory],
      [someStory.toUpperCase().replace(/.$/, 'Z'), `${someChapter}x`],
    ];
    for (const [story, chapter] of wrong) {
      for (const request of endpoints(encodeURIComponent(story!), encodeURIComponent(chapter!))) {
        const res = await app.inject({ ...request, headers: bearer(reader) });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found.', code: 'error.not-found' });
      }
    }
  });

  it('needs a signed-in user for everything but the cover', async () => {
    const all = [
      { method: 'GET' as const, url: '/api/stories/' },
      { method: 'GET' as const, url: '/api/stories/home/' },
      ...endpoints(someStory, someChapter),
    ];
    for (const request of all) {
      const res = await app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
  });

  it('documents the endpoints in the OpenAPI output', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/stories/',
      '/stories/home/',
      '/stories/{id}/',
      '/stories/{id}/favorite/',
      '/stories/{id}/cover.svg',
      '/chapters/{id}/',
      '/chapters/{id}/progress/',
      '/chapters/{id}/summary/',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
      const operation = Object.values(doc.paths[path])[0] as { tags: string[] };
      expect(operation.tags, path).toEqual(['stories']);
    }
  });
});
