import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  ChapterDetail,
  StoryCard,
  StoryDetail,
  StoryGenEvent,
  StoryGenHome,
  StoryHome,
  StoryPage,
} from '@lendo/shared';
import { usageCounters } from '../src/db/schema.ts';
import { usageMonth } from '../src/modules/entitlements/service.ts';
import { subscriber } from './billing-helpers.ts';
import { body, learner } from './deck-helpers.ts';
import { storyFor, startFakeLlm, type ChatRequest } from './fake-llm.ts';
import { bearer, build, type TestContext } from './helper.ts';

const llm = await startFakeLlm();
afterAll(() => llm.close());

const withModel = await build({
  LLM_BASE_URL: llm.baseUrl,
  LLM_MODEL: 'lendo-story-model',
  LLM_API_KEY: 'sk-story-123',
  LLM_TIMEOUT_MS: 1_000,
});
const offline = await build();

type Who = Awaited<ReturnType<typeof learner>>;
type Api = Who['api'];

/** The events of a streamed generation, from its text/event-stream body. */
function eventsOf(res: LightMyRequestResponse): StoryGenEvent[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
  return res.body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const type = /^event: (.+)$/m.exec(block)?.[1];
      const event = JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as StoryGenEvent;
      expect(event.type).toBe(type);
      return event;
    });
}

const generate = (api: Api, payload: Record<string, unknown>) => api.post('/story-gen/', payload);
const done = (events: StoryGenEvent[]) => {
  const last = events.at(-1)!;
  if (last.type !== 'done') throw new Error(`the generation ended with ${JSON.stringify(last)}`);
  return last;
};
const sentencesOf = (events: StoryGenEvent[]) =>
  events.flatMap((e) =>
    e.type === 'sentence' ? [{ chapter: e.chapter, text: e.text, translation: e.translation }] : [],
  );

async function aiUsed(ctx: TestContext, userId: string) {
  const [row] = await ctx.database.db
    .select({ amount: usageCounters.amount })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.userId, userId),
        eq(usageCounters.month, usageMonth(ctx.clock.now())),
        eq(usageCounters.feature, 'ai_sentences'),
      ),
    );
  return row?.amount ?? 0;
}
const userIdOf = async (api: Api) => body<{ id: string }>(await api.get('/auth/me/')).id;
/** Every sentence of a chapter as the reader gets it. */
const chapterSentences = async (api: Api, chapterId: string) =>
  body<ChapterDetail>(await api.get(`/chapters/${chapterId}/`)).pages.flatMap((p) => p.sentences);

const request = { level: 'elementary', genre: 'humor', chapters: 2, words: ['apple', 'river'] };

describe('the story generator with a language model', () => {
  const ctx = withModel;
  beforeEach(() => {
    llm.behave((req) => ({ content: storyFor(req) }));
    llm.structuredOutput(true);
  });

  it('streams a story at the level around the chosen words, saves it privately and counts its sentences', async () => {
    const pro = await subscriber(ctx.app);
    const home = body<StoryGenHome>(await pro.api.get('/story-gen/'));
    expect(home).toMatchObject({ mode: 'ai', language: 'en', can_generate: true, stories: [] });
    expect(home.ai_sentences).toEqual({ used: 0, limit: 50 });

    const asked = llm.requests.length;
    const events = eventsOf(await generate(pro.api, request));
    expect(events.map((e) => e.type)).toEqual([
      'start',
      'title',
      'chapter',
      ...Array(6).fill('sentence'),
      'chapter',
      ...Array(6).fill('sentence'),
      'done',
    ]);
    expect(events[0]).toEqual({ type: 'start', mode: 'ai', chapters: 2 });

    // One streamed request with structured output and a prompt at the level, around the words.
    expect(llm.requests).toHaveLength(asked + 1);
    const sent = llm.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-story-123');
    expect(sent.body).toMatchObject({ model: 'lendo-story-model', stream: true });
    expect(sent.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'graded_story' },
    });
    const system = sent.body.messages[0]!.content;
    expect(system).toMatch(/learners of English/);
    expect(system).toMatch(/Level: elementary\. CEFR A1/);
    expect(system).toMatch(/practising at least once, in a natural way: apple, river\./);
    expect(system).toMatch(/Write 2 chapter\(s\) of about 8 sentences/);
    expect(system).toMatch(/translation into Brazilian Portuguese/);

    const finished = done(events);
    expect(finished.story).toMatchObject({
      origin: 'ai',
      title: 'A Day with Anna',
      chapters_count: 2,
      locked: false,
    });
    expect(finished.coverage.practised).toEqual(['apple', 'river']);
    expect(finished.coverage.missing).toEqual([]);
    expect(finished.coverage.words).toBeGreaterThan(50);
    expect(finished.coverage.verdict).toBe('below');

    // It reads like any story: the streamed sentences, with their translations, in pages.
    const story = body<StoryDetail>(await pro.api.get(`/stories/${finished.story.id}/`));
    expect(story.chapters.map((c) => c.title)).toEqual(['A Day with Anna 1', 'A Day with Anna 2']);
    expect(story.chapters[0]!.id).toBe(finished.first_chapter_id);
    const streamed = sentencesOf(events);
    const read = await chapterSentences(pro.api, story.chapters[0]!.id);
    expect(read.map((s) => [s.text, s.translation])).toEqual(
      streamed.filter((s) => s.chapter === 1).map((s) => [s.text, s.translation]),
    );
    expect(read[2]!.text).toBe('She sees a apple near the door.');
    expect(read[1]!.lemmas).toMatchObject({ walks: 'walk' });
    const progress = await pro.api.post(`/chapters/${story.chapters[0]!.id}/progress/`, {
      page: 1,
      finished: false,
      reading_seconds: 30,
      looked_up: ['apple'],
      report_id: crypto.randomUUID(),
    });
    expect(progress.statusCode, progress.body).toBe(200);

    // Twelve sentences written, twelve counted.
    expect(await aiUsed(ctx, await userIdOf(pro.api))).toBe(12);
    const after = body<StoryGenHome>(await pro.api.get('/story-gen/'));
    expect(after.ai_sentences).toEqual({ used: 12, limit: 50 });
    expect(after.stories.map((s) => s.id)).toEqual([finished.story.id]);
  });

  it('measures the known-word coverage against the learner’s word statuses', async () => {
    const pro = await subscriber(ctx.app);
    for (const lemma of [
      'anna',
      'live',
      'in',
      'a',
      'small',
      'house',
      'every',
      'day',
      'she',
      'walk',
      'to',
      'the',
      'market',
    ]) {
      body(await pro.api.put('/words/statuses/', { language: 'en', lemma, status: 'known' }));
    }
    const { coverage } = done(
      eventsOf(await generate(pro.api, { ...request, chapters: 1, words: ['apple'] })),
    );
    expect(coverage.known).toBeGreaterThanOrEqual(11);
    expect(coverage.share).toBeCloseTo(coverage.known / coverage.words, 5);
    expect(coverage.share).toBeGreaterThan(0.3);
  });

  it('repairs an answer that does not fit the schema with one more request', async () => {
    const pro = await subscriber(ctx.app);
    const asked = llm.requests.length;
    llm.behave((req, index) =>
      index === asked
        ? { content: JSON.stringify({ title: 'Half', chapters: [JSON.parse(storyFor(req)).chapters[0]] }) }
        : { content: storyFor({ ...req, messages: [req.messages[0]!] }) },
    );
    const events = eventsOf(await generate(pro.api, request));
    expect(events.filter((e) => e.type === 'restart')).toHaveLength(1);
    const finished = done(events);
    expect(finished.story.chapters_count).toBe(2);
    // After the restart come the repaired story's parts.
    const afterRestart = events.slice(events.findIndex((e) => e.type === 'restart') + 1);
    expect(afterRestart.filter((e) => e.type === 'chapter')).toHaveLength(2);

    expect(llm.requests).toHaveLength(asked + 2);
    const repair = llm.requests.at(-1)!.body;
    expect(repair.stream).toBeFalsy();
    expect(repair.messages.at(-2)).toMatchObject({ role: 'assistant' });
    expect(repair.messages.at(-1)!.content).toMatch(/not valid: unexpected JSON: chapters/);
  });

  it('gives up when the repair fails too: an error event, nothing saved, nothing counted', async () => {
    const pro = await subscriber(ctx.app);
    llm.behave({ content: 'Once upon a time, there was no JSON.' });
    const events = eventsOf(await generate(pro.api, request));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'story-gen.model-failed' });
    expect(body<StoryGenHome>(await pro.api.get('/story-gen/')).stories).toEqual([]);
    expect(await aiUsed(ctx, await userIdOf(pro.api))).toBe(0);
  });

  it('fails clearly when the model errs or stalls', async () => {
    const pro = await subscriber(ctx.app);
    for (const behaviour of [
      { status: 500, body: { error: { message: 'overloaded' } } },
      { stallMs: 3_000 },
    ]) {
      llm.behave(behaviour);
      const events = eventsOf(await generate(pro.api, request));
      expect(events.at(-1), JSON.stringify(behaviour)).toMatchObject({
        type: 'error',
        code: 'story-gen.model-failed',
        message: 'The story could not be written right now.',
      });
    }
    expect(await aiUsed(ctx, await userIdOf(pro.api))).toBe(0);
  });

  it('asks for a JSON object where the server has no structured output, and remembers', async () => {
    const pro = await subscriber(ctx.app);
    llm.structuredOutput(false);
    const asked = llm.requests.length;
    done(eventsOf(await generate(pro.api, { ...request, chapters: 1 })));
    const formats = llm.requests.slice(asked).map((r) => r.body.response_format?.type);
    expect(formats).toEqual(['json_schema', 'json_object']);
    done(eventsOf(await generate(pro.api, { ...request, chapters: 1 })));
    expect(llm.requests.at(-1)!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('keeps to the plan: basic cannot generate, pro has a monthly count, premium is unlimited', async () => {
    const basic = await learner(ctx.app);
    expect(body<StoryGenHome>(await basic.api.get('/story-gen/'))).toMatchObject({
      can_generate: false,
      mode: 'ai',
    });
    const refused = await generate(basic.api, request);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'limits.ai-sentences' });

    const pro = await subscriber(ctx.app);
    const proId = await userIdOf(pro.api);
    await ctx.database.db
      .insert(usageCounters)
      .values({ userId: proId, month: usageMonth(ctx.clock.now()), feature: 'ai_sentences', amount: 45 });
    // Three chapters need at least nine sentences: refused before anything is written.
    const tooMany = await generate(pro.api, { ...request, chapters: 3 });
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json()).toMatchObject({ code: 'limits.ai-sentences' });
    // One chapter is written with the five sentences left.
    const asked = llm.requests.length;
    const events = eventsOf(await generate(pro.api, { ...request, chapters: 1 }));
    expect(llm.requests.slice(asked)[0]!.body.messages[0]!.content).toMatch(/about 5 sentences/);
    expect(sentencesOf(events)).toHaveLength(5);
    expect(await aiUsed(ctx, proId)).toBe(50);
    expect((await generate(pro.api, { ...request, chapters: 1 })).statusCode).toBe(403);

    const premium = await subscriber(ctx.app, { tier: 'premium' });
    const premiumId = await userIdOf(premium.api);
    await ctx.database.db.insert(usageCounters).values({
      userId: premiumId,
      month: usageMonth(ctx.clock.now()),
      feature: 'ai_sentences',
      amount: 10_000,
    });
    done(eventsOf(await generate(premium.api, request)));
    expect(await aiUsed(ctx, premiumId)).toBe(10_012);
  });

  it('keeps a learner’s stories private: no other learner, nor the library, ever sees them', async () => {
    const owner = await subscriber(ctx.app);
    const other = await subscriber(ctx.app);
    const { story, first_chapter_id: chapterId } = done(eventsOf(await generate(owner.api, request)));

    expect((await other.api.get(`/stories/${story.id}/`)).statusCode).toBe(404);
    expect((await other.api.get(`/chapters/${chapterId}/`)).statusCode).toBe(404);
    expect((await other.api.get(`/chapters/${chapterId}/summary/`)).statusCode).toBe(404);
    expect(
      (
        await other.api.post(`/chapters/${chapterId}/progress/`, {
          page: 1,
          finished: false,
          reading_seconds: 0,
          looked_up: [],
          report_id: crypto.randomUUID(),
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.api.put(`/stories/${story.id}/favorite/`, { favorite: true })).statusCode).toBe(404);
    expect((await other.api.patch(`/story-gen/${story.id}/`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await other.api.post(`/story-gen/${story.id}/chapters/1/`, {})).statusCode).toBe(404);
    expect((await other.api.delete(`/story-gen/${story.id}/`)).statusCode).toBe(404);
    expect(body<StoryGenHome>(await other.api.get('/story-gen/')).stories).toEqual([]);

    // Not in the library, for anyone: neither search, nor filters, nor the home sections.
    for (const who of [owner, other]) {
      const search = body<StoryPage>(await who.api.get('/stories/?search=anna&page_size=48'));
      expect(search.results.map((s) => s.id)).not.toContain(story.id);
      const all = body<StoryPage>(await who.api.get('/stories/?language=en&genre=humor&page_size=48'));
      expect(all.results.map((s) => s.id)).not.toContain(story.id);
      const home = body<StoryHome>(await who.api.get('/stories/home/'));
      expect([...home.recommended, ...home.recently_added].map((s) => s.id)).not.toContain(story.id);
    }
    // The owner finds it on their shelf once they read it.
    body(await owner.api.get(`/chapters/${chapterId}/`));
    const shelf = body<StoryHome>(await owner.api.get('/stories/home/'));
    expect(shelf.in_progress.map((s) => s.id)).toContain(story.id);
    const otherShelf = body<StoryHome>(await other.api.get('/stories/home/'));
    expect(otherShelf.in_progress.map((s) => s.id)).not.toContain(story.id);

    // Loading the library again (another instance starting) keeps learners' own stories.
    const second = await build({ JWT_SECRET: ctx.config.JWT_SECRET }, { database: ctx.database });
    const again = await second.app.inject({
      url: `/api/stories/${story.id}/`,
      headers: bearer(owner.tokens),
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('renames, rewrites a chapter and deletes the learner’s own story', async () => {
    const pro = await subscriber(ctx.app);
    const { story } = done(eventsOf(await generate(pro.api, request)));
    const renamed = body<StoryCard>(
      await pro.api.patch(`/story-gen/${story.id}/`, { title: '  My apple story ' }),
    );
    expect(renamed.title).toBe('My apple story');
    for (const title of ['', 'bad\u0000title', 'x'.repeat(121)]) {
      expect((await pro.api.patch(`/story-gen/${story.id}/`, { title })).statusCode, title).toBe(400);
    }

    const detail = body<StoryDetail>(await pro.api.get(`/stories/${story.id}/`));
    const [first, second] = detail.chapters;
    const before = await chapterSentences(pro.api, first!.id);
    body(
      await pro.api.post(`/chapters/${second!.id}/progress/`, {
        page: 1,
        finished: false,
        reading_seconds: 10,
        looked_up: [],
        report_id: crypto.randomUUID(),
      }),
    );
    llm.behave(() => ({
      content: JSON.stringify({
        title: 'A Day with Anna',
        chapters: [
          {
            title: 'The river',
            sentences: [
              { text: 'The river is cold.', translation: 'O rio está frio.' },
              { text: 'Anna sits by the river.', translation: 'Anna se senta perto do rio.' },
              { text: 'She eats an apple.', translation: 'Ela come uma maçã.' },
            ],
          },
        ],
      }),
    }));
    const asked = llm.requests.length;
    const events = eventsOf(await pro.api.post(`/story-gen/${story.id}/chapters/2/`, {}));
    expect(events.find((e) => e.type === 'chapter')).toEqual({
      type: 'chapter',
      number: 2,
      title: 'The river',
    });
    expect(llm.requests[asked]!.body.messages[0]!.content).toMatch(
      /Rewrite chapter 2 of the story "My apple story"/,
    );
    expect(llm.requests[asked]!.body.messages[0]!.content).toContain(
      `Chapter 1: ${before.map((s) => s.text).join(' ')}`,
    );

    const rewritten = body<StoryDetail>(await pro.api.get(`/stories/${story.id}/`));
    expect(rewritten.title).toBe('My apple story');
    expect(rewritten.chapters[1]).toMatchObject({ title: 'The river', pages_completed: 0, pages_count: 1 });
    expect((await chapterSentences(pro.api, second!.id)).map((s) => s.text)).toEqual([
      'The river is cold.',
      'Anna sits by the river.',
      'She eats an apple.',
    ]);
    expect(await chapterSentences(pro.api, first!.id)).toEqual(before);
    expect((await pro.api.post(`/story-gen/${story.id}/chapters/3/`, {})).statusCode).toBe(404);

    expect((await pro.api.delete(`/story-gen/${story.id}/`)).statusCode).toBe(204);
    expect((await pro.api.get(`/stories/${story.id}/`)).statusCode).toBe(404);
    expect((await pro.api.get(`/chapters/${first!.id}/`)).statusCode).toBe(404);
    expect((await pro.api.delete(`/story-gen/${story.id}/`)).statusCode).toBe(404);
  });

  it('refuses bad requests with the error shape and writes nothing', async () => {
    const pro = await subscriber(ctx.app);
    const asked = llm.requests.length;
    for (const payload of [
      { ...request, chapters: 0 },
      { ...request, chapters: 4 },
      { ...request, level: 'expert' },
      { ...request, genre: 'romance' },
      { ...request, words: Array.from({ length: 11 }, (_, i) => `word${i}`) },
      { ...request, words: ['ok', 'bad\u0000word'] },
      { ...request, words: ['x'.repeat(41)] },
    ]) {
      const res = await generate(pro.api, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(llm.requests).toHaveLength(asked);
    expect((await pro.api.post(`/story-gen/${crypto.randomUUID()}/chapters/1/`, {})).statusCode).toBe(404);
    expect((await pro.api.post(`/story-gen/not-an-id/chapters/1/`, {})).statusCode).toBe(400);
    expect((await pro.api.post(`/story-gen/${crypto.randomUUID()}/chapters/9/`, {})).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/story-gen/', payload: request })).statusCode,
    ).toBe(401);
  });

  it('writes one story at a time per learner', async () => {
    const pro = await subscriber(ctx.app);
    llm.behave({ stallMs: 600 });
    const asked = llm.requests.length;
    const first = generate(pro.api, request);
    await expect.poll(() => llm.requests.length).toBeGreaterThan(asked);
    const second = await generate(pro.api, request);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'story-gen.busy' });
    llm.behave((req: ChatRequest) => ({ content: storyFor(req) }));
    await first;
    done(eventsOf(await generate(pro.api, { ...request, chapters: 1 })));
  });
});

describe('practice reading, without a language model', () => {
  const ctx = offline;

  it('assembles library sentences that use the chosen words, never counted as AI', async () => {
    const basic = await learner(ctx.app);
    const home = body<StoryGenHome>(await basic.api.get('/story-gen/'));
    expect(home).toMatchObject({ mode: 'practice', can_generate: false });

    const events = eventsOf(await generate(basic.api, { ...request, words: ['frog'] }));
    expect(events[0]).toEqual({ type: 'start', mode: 'practice', chapters: 2 });
    const { story, coverage } = done(events);
    expect(story.origin).toBe('practice');
    expect(story.title).toBe('frog');
    expect(coverage.practised).toEqual(['frog']);
    const sentences = sentencesOf(events);
    expect(sentences.length).toBeGreaterThan(3);
    for (const s of sentences) {
      expect(s.text.toLowerCase()).toMatch(/frog/);
      expect(s.translation).not.toBe('');
    }
    // The library's own translation of its sentence.
    expect(sentences.map((s) => s.text)).toContain('It is a little green frog.');
    const read = await chapterSentences(basic.api, done(events).first_chapter_id);
    expect(read[0]!.text).toBe(sentences[0]!.text);
    expect(await aiUsed(ctx, await userIdOf(basic.api))).toBe(0);
  });

  it('needs words that the library uses at or below the level', async () => {
    const basic = await learner(ctx.app);
    const none = await generate(basic.api, { ...request, words: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ fields: { words: 'error.required' } });
    const unknown = await generate(basic.api, { ...request, words: ['zzyzx'] });
    expect(eventsOf(unknown).at(-1)).toMatchObject({ type: 'error', code: 'story-gen.no-sentences' });
    expect(body<StoryGenHome>(await basic.api.get('/story-gen/')).stories).toEqual([]);
  });
});
