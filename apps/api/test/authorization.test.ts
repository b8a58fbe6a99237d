import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SetupIntent, StoryGenEvent } from '@lendo/shared';
import { CARDS, offerOf, subscriber } from './billing-helpers.ts';
import type { InjectOptions } from 'fastify';
import { body, createCard, createDeck, learner } from './deck-helpers.ts';
import { build } from './helper.ts';
import { PNG } from './images.ts';
import { chapterId } from './story-helpers.ts';

/**
 * The authorization matrix, generated from the route table: every operation of the OpenAPI document
 * that takes an id in its path, called by its owner, another learner, no one, a garbage token,
 * forged tokens, a deactivated learner and a deleted one. A route added without a row here fails
 * the first test. Nothing the owner made may show in an answer to anyone else, and nothing anyone
 * else sends may change it.
 */
const ctx = await build();
const { app } = ctx;

type Learner = Awaited<ReturnType<typeof learner>>;
interface Target {
  url: string;
  payload?: unknown;
}
interface Row {
  /** Makes what the owner owns (fresh for each caller when the call may change it); the call to make. */
  make: (owner: Learner, marker: string) => Promise<Target>;
  /** The owner's answer. */
  owner: number;
  /** Another learner's: 404 for what is the owner's; the owner's status for what is anyone's. */
  other?: number;
  /** With no token: 401 unless the route is public. */
  anonymous?: number;
}

const deck = async (owner: Learner, marker: string) => createDeck(owner.api, { name: marker });
const card = async (owner: Learner, marker: string) =>
  createCard(owner.api, owner.deck.id, { front: marker });

/** A practice story of the owner's own (no model needed), titled with the marker. */
async function ownStory(owner: Learner, marker: string) {
  const res = await owner.api.post('/story-gen/', {
    level: 'elementary',
    genre: 'humor',
    chapters: 2,
    words: ['frog'],
  });
  const events = res.body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as StoryGenEvent);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error(`no story: ${res.body.slice(0, 300)}`);
  body(await owner.api.patch(`/story-gen/${done.story.id}/`, { title: marker }));
  return { id: done.story.id, chapter: done.first_chapter_id };
}

const STORY = 'en-the-frog-prince';
const PUBLIC = { owner: 200, other: 200, anonymous: 200 };
const rows: Record<string, Row> = {
  'GET /deck/decks/{id}/': {
    make: async (o, m) => ({ url: `/deck/decks/${(await deck(o, m)).id}/` }),
    owner: 200,
  },
  'PUT /deck/decks/{id}/': {
    make: async (o, m) => ({
      url: `/deck/decks/${(await deck(o, m)).id}/`,
      payload: { name: 'Renamed', language: 'en' },
    }),
    owner: 200,
  },
  'DELETE /deck/decks/{id}/': {
    make: async (o, m) => ({ url: `/deck/decks/${(await deck(o, m)).id}/` }),
    owner: 204,
  },
  'GET /deck/decks/{id}/flashcards/': {
    make: async (o, m) => ({ url: `/deck/decks/${(await card(o, m)).deck}/flashcards/` }),
    owner: 200,
  },
  'POST /deck/decks/{id}/flashcards/': {
    make: async (o, m) => ({
      url: `/deck/decks/${(await deck(o, m)).id}/flashcards/`,
      payload: { front: 'x', back: 'y' },
    }),
    owner: 201,
  },
  'GET /deck/decks/{id}/review/': {
    make: async (o, m) => ({ url: `/deck/decks/${(await card(o, m)).deck}/review/` }),
    owner: 200,
  },
  'GET /deck/decks/{id}/review-resume/': {
    make: async (o, m) => ({ url: `/deck/decks/${(await deck(o, m)).id}/review-resume/` }),
    owner: 200,
  },
  'GET /deck/flashcards/{id}/': {
    make: async (o, m) => ({ url: `/deck/flashcards/${(await card(o, m)).id}/` }),
    owner: 200,
  },
  'PUT /deck/flashcards/{id}/': {
    make: async (o, m) => {
      const made = await card(o, m);
      return {
        url: `/deck/flashcards/${made.id}/`,
        payload: { front: 'changed', back: 'changed', deck: made.deck },
      };
    },
    owner: 200,
  },
  'DELETE /deck/flashcards/{id}/': {
    make: async (o, m) => ({ url: `/deck/flashcards/${(await card(o, m)).id}/` }),
    owner: 204,
  },
  'PATCH /story-gen/{id}/': {
    make: async (o, m) => ({
      url: `/story-gen/${(await ownStory(o, m)).id}/`,
      payload: { title: 'Renamed' },
    }),
    owner: 200,
  },
  'DELETE /story-gen/{id}/': {
    make: async (o, m) => ({ url: `/story-gen/${(await ownStory(o, m)).id}/` }),
    owner: 204,
  },
  'POST /story-gen/{id}/chapters/{number}/': {
    make: async (o, m) => ({ url: `/story-gen/${(await ownStory(o, m)).id}/chapters/1/`, payload: {} }),
    owner: 200,
  },
  'GET /stories/{id}/': {
    make: async (o, m) => ({ url: `/stories/${(await ownStory(o, m)).id}/` }),
    owner: 200,
  },
  'PUT /stories/{id}/favorite/': {
    make: async (o, m) => ({
      url: `/stories/${(await ownStory(o, m)).id}/favorite/`,
      payload: { favorite: true },
    }),
    owner: 200,
  },
  // An <img> sends no token: a cover is served to anyone who has its story's random id, and
  // shows no text of the learner's (the marker never appears in it).
  'GET /stories/{id}/cover.svg': {
    make: async (o, m) => ({ url: `/stories/${(await ownStory(o, m)).id}/cover.svg` }),
    owner: 200,
    other: 200,
    anonymous: 200,
  },
  'GET /chapters/{id}/': {
    make: async (o, m) => ({ url: `/chapters/${(await ownStory(o, m)).chapter}/` }),
    owner: 200,
  },
  'POST /chapters/{id}/progress/': {
    make: async (o, m) => ({
      url: `/chapters/${(await ownStory(o, m)).chapter}/progress/`,
      payload: { page: 1 },
    }),
    owner: 200,
  },
  'GET /chapters/{id}/summary/': {
    make: async (o, m) => ({ url: `/chapters/${(await ownStory(o, m)).chapter}/summary/` }),
    owner: 200,
  },
  'POST /graded-reader/notices/{id}/seen/': {
    make: async (o, m) => {
      const { rows: made } = await ctx.database.db.execute<{ id: string }>(
        `insert into graded_reader_notices (user_id, kind, key, payload, created_at)
         values ('${body<{ id: string }>(await o.api.get('/auth/me/')).id}', 'streak', '${m}', '{"days": 3}', now()) returning id`,
      );
      return { url: `/graded-reader/notices/${made[0]!.id}/seen/`, payload: {} };
    },
    owner: 204,
  },
  'POST /billing/sandbox/setup-intents/{id}/confirm/': {
    make: async (o) => {
      const offer = await offerOf(o.api, 'pro');
      const intent = body<SetupIntent>(
        await o.api.get(`/billing/stripe/setup-intent/?price_id=${offer.price_id}`),
      );
      return {
        url: `/billing/sandbox/setup-intents/${intent.id}/confirm/`,
        payload: {
          client_secret: intent.client_secret,
          card: { number: CARDS.ok, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' },
          billing_details: { name: 'Ana Souza' },
        },
      };
    },
    owner: 200,
  },
  // Anyone's: what the caller sees is their own (a price, a path of the library, a free chapter's check).
  'GET /billing/plans/{id}/': {
    make: async (o) => ({ url: `/billing/plans/${(await offerOf(o.api, 'pro')).plan.id}/` }),
    owner: 200,
    other: 200,
  },
  'GET /graded-reader/paths/{id}/': {
    make: async () => ({ url: '/graded-reader/paths/en-elementary/' }),
    owner: 200,
    other: 200,
  },
  'GET /graded-reader/chapters/{id}/check/': {
    make: async () => ({ url: `/graded-reader/chapters/${chapterId(STORY, 1)}/check/` }),
    owner: 200,
    other: 200,
  },
  'POST /graded-reader/chapters/{id}/check/': {
    make: async () => ({
      url: `/graded-reader/chapters/${chapterId(STORY, 1)}/check/`,
      payload: { answers: [0, 0, 0] },
    }),
    owner: 200,
    other: 200,
  },
  'DELETE /auth/connections/{provider}/': {
    make: async () => ({ url: '/auth/connections/google/' }),
    owner: 404,
    other: 404,
  },
  'GET /files/tts/{name}': {
    make: async (o) => {
      const res = await o.api.get(`/tts?${new URLSearchParams({ text: 'The frog sings.', language: 'en' })}`);
      return { url: body<{ url: string }>(res).url.replace(/^\/api/, '') };
    },
    owner: 200,
    other: 200,
    anonymous: 200,
  },
  'GET /dict/v1/{language}/words/{word}': {
    make: async () => ({ url: '/dict/v1/en/words/frog' }),
    ...PUBLIC,
  },
  'GET /dict/v1/{language}/lemmas/{word}': {
    make: async () => ({ url: '/dict/v1/en/lemmas/frogs' }),
    ...PUBLIC,
  },
  'GET /dict/v1/{language}/examples/{word}': {
    make: async () => ({ url: '/dict/v1/en/examples/frog' }),
    ...PUBLIC,
  },
  'GET /files/avatars/{userId}/{name}': {
    make: async (o) => {
      const res = await o.api.post('/auth/update-avatar/', {
        avatar: `data:image/png;base64,${PNG.toString('base64')}`,
        extension: 'png',
      });
      return { url: body<{ avatar_url: string }>(res).avatar_url.replace(/^\/api/, '') };
    },
    owner: 200,
    other: 200,
    anonymous: 200,
  },
};

/** A token signed with another secret, and one claiming no signature at all, both for `access`'s learner. */
function forgeries(access: string) {
  const [header, payload] = access.split('.') as [string, string];
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = (h: string, p: string, secret: string) =>
    `${h}.${p}.${createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url')}`;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  return {
    'forged (other secret)': signed(header, payload, 'not-the-secret-0123456789abcdef0123'),
    'forged (alg none)': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'forged (longer life)': `${header}.${b64({ ...claims, exp: Number(claims.exp) + 86_400 })}.${access.split('.')[2]}`,
  };
}

const operations = Object.entries(
  (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
).flatMap(([path, methods]) =>
  path.includes('{')
    ? Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/^\/api/, '')}`)
    : [],
);

describe('the authorization matrix', () => {
  it('has a row for every operation that takes an id', () => {
    expect(operations.filter((op) => !(op in rows))).toEqual([]);
    expect(Object.keys(rows).filter((op) => !operations.includes(op))).toEqual([]);
  });

  it('answers each caller as it should and leaks nothing', async () => {
    // Both on Premium: what a plan allows is not what is checked here.
    const owner = await subscriber(app, { tier: 'premium' });
    const other = await subscriber(app, { tier: 'premium' });
    const deactivated = await learner(app);
    body(await deactivated.api.post('/auth/deactivate/', {}));
    const deleted = await learner(app);
    body(await deleted.api.delete('/auth/me/'));
    const callers: Record<string, string | null> = {
      'another learner': other.tokens.access,
      anonymous: null,
      'garbage token': 'garbage',
      ...forgeries(owner.tokens.access),
      'deactivated learner': deactivated.tokens.access,
      'deleted learner': deleted.tokens.access,
    };
    const wrong: string[] = [];
    let calls = 0;
    /** What the owner sees of their decks, stories, account and (when it can be read) the thing itself. */
    const ownerView = async ({ url }: Target) => {
      const views = ['/deck/decks/?language=en', '/story-gen/', '/auth/me/', '/graded-reader/notices/'];
      if (/^\/(deck\/(decks|flashcards)|stories)\/[^/]+\/$/.test(url)) views.push(url);
      const answers = await Promise.all(views.map((view) => owner.api.get(view)));
      return answers.map((res) => `${res.statusCode} ${res.body}`).join('\n');
    };
    for (const [op, row] of Object.entries(rows)) {
      const method = op.split(' ')[0] as InjectOptions['method'];
      const call = (access: string | null, { url, payload }: Target) =>
        app.inject({
          method,
          // The dictionary's routes are its own service's, mounted beside the API.
          url: url.startsWith('/dict/') ? url : `/api${url}`,
          headers: access ? { authorization: `Bearer ${access}` } : {},
          payload:
            method === 'GET' || method === 'DELETE'
              ? undefined
              : ((payload ?? {}) as InjectOptions['payload']),
        });
      // One thing of the owner's per operation: no one else's call may change or remove it.
      const marker = `secret-${randomUUID()}`;
      const target = await row.make(owner, marker);
      const before = await ownerView(target);
      for (const [name, access] of Object.entries(callers)) {
        const expected =
          name === 'another learner'
            ? (row.other ?? 404)
            : name === 'anonymous'
              ? (row.anonymous ?? 401)
              : row.anonymous === 200
                ? [200, 401]
                : 401;
        const res = await call(access, target);
        calls += 1;
        if (!(Array.isArray(expected) ? expected : [expected]).includes(res.statusCode)) {
          wrong.push(`${op} by ${name}: ${res.statusCode}, expected ${String(expected)}`);
        }
        if (res.body.includes(marker)) wrong.push(`${op} by ${name}: the owner's data in the answer`);
        if (res.statusCode >= 400 && typeof (res.json() as { code?: unknown }).code !== 'string') {
          wrong.push(`${op} by ${name}: an answer outside the error shape`);
        }
      }
      if ((await ownerView(target)) !== before)
        wrong.push(`${op}: the owner's things changed by others' calls`);
      const res = await call(owner.tokens.access, target);
      calls += 1;
      if (res.statusCode !== row.owner)
        wrong.push(`${op} by the owner: ${res.statusCode}, expected ${row.owner}`);
    }
    process.stdout.write(
      `authorization matrix: ${Object.keys(rows).length} operations × ${Object.keys(callers).length + 1} callers, ${calls} calls; ${wrong.length} wrong\n`,
    );
    expect(wrong).toEqual([]);
  }, 300_000);
});
