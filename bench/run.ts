// npm run bench: load-tests the compiled server beside a bare Fastify route, on the embedded
// PostgreSQL and (with BENCH_DATABASE_URL) on that server too; samples the memory of the server's
// whole process tree; measures the gzipped JS of the web build; checks budgets.json, prints tables,
// writes bench/results.json. Exits 1 when a budget is broken.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { readServerSentEvents } from '@lendo/shared';
import { ensureStore } from '@lendo/dictionary';
import { benchHttp, benchLookups } from '@lendo/dictionary/bench';
import type { DatabaseTarget } from '../apps/api/src/db/client.ts';
import { dropDatabase, ensureDatabase } from '../apps/api/src/db/embedded-postgres.ts';
import { createSpeechPool } from '../apps/api/src/lib/speech/speech-pool.ts';
import { startFakeLlm } from '../apps/api/test/fake-llm.ts';
import { BIG_DECK_CARDS, MANY_DECKS, seedDecks } from './seed-decks.ts';
import { LEDGER_ROWS, RANKED_LEARNERS, RANKING_BENCH_USER, seedRanking } from './seed-ranking.ts';
import { startMemorySampler } from './memory-sampler.ts';
import { measureWebBundle } from './web-bundle.ts';

const root = new URL('..', import.meta.url).pathname;
const budgets = JSON.parse(readFileSync(join(root, 'bench/budgets.json'), 'utf8')) as Budgets;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 1;
const CONNECTIONS = 50;
/**
 * Sent with every request, as Chromium sends it: what the API sends a browser (a kept answer
 * compressed, lib/compression.ts) is what is measured.
 */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/**
 * BENCH_ONLY=<text>[,<text>…]: only the endpoints whose name contains one of them (and the bare
 * yardstick); no dictionary, speech or web, and bench/results.json is left alone.
 */
const ONLY = process.env.BENCH_ONLY;
const wanted = (name: string) =>
  !ONLY || name === 'bare fastify' || ONLY.split(',').some((part) => name.includes(part));
const RANKING_SEED = `(${RANKED_LEARNERS.toLocaleString('en')} learners, ${LEDGER_ROWS.toLocaleString('en')} ledger rows)`;
const DECK = `(${BIG_DECK_CARDS.toLocaleString('en')} cards)`;

interface Budget {
  p99Ms?: number;
  minRps?: number;
  minRatioToBare?: number;
  /** At least this share of another endpoint's req/s in the same run (1: as fast as it). */
  minRatioTo?: Record<string, number>;
  /** Connections for this endpoint when not the default 50. */
  connections?: number;
}
interface Budgets {
  endpoints: Record<string, Budget>;
  memory: { maxPeakMb: number };
  web: { loginInitialMaxGzipKb: number; chunkMaxGzipKb: number; totalMaxGzipKb: number };
  dictionary: { lookupP99Ms: number; minHttpRps: number };
  tts: { maxMsPerSentence: number };
  storyGen: { firstSentenceP99Ms: number };
}

/** One endpoint's load: `bareRps` is the bare route's rate beside it when not the run's own. */
interface Measured {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  bareRps?: number;
}

interface Row extends Measured {
  database: string;
  ratio: number;
  broken: string[];
}

/** Subscribes a signed-in learner to a monthly plan (pro unless told) through the sandbox, as the checkout does. */
async function subscribePro(base: string, auth: Record<string, string>, tier: 'pro' | 'premium' = 'pro') {
  const headers = { 'content-type': 'application/json', ...auth };
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  await call('/auth/update-billing-info/', { billing_fullname: 'Bench Ranker' });
  const offers = await call<Array<{ price_id: string; plan: { tier: string; interval: string } }>>(
    '/billing/plans/?country_code=US',
  );
  const offer = offers.find((o) => o.plan.tier === tier && o.plan.interval === 'monthly')!;
  const intent = await call<{ id: string; client_secret: string }>(
    `/billing/stripe/setup-intent/?price_id=${offer.price_id}`,
  );
  const confirmed = await call<{ payment_method: string }>(
    `/billing/sandbox/setup-intents/${intent.id}/confirm/`,
    {
      client_secret: intent.client_secret,
      card: {
        number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        cvc: '123',
      },
      billing_details: { name: 'Bench Ranker' },
    },
  );
  await call('/billing/stripe/subscribe/', {
    price_id: offer.price_id,
    payment_method_id: confirmed.payment_method,
  });
}

/**
 * Starts a server and resolves once `healthUrl` answers: TypeScript through tsx, or the API as
 * `npm run serve` runs it (the same node options, so memory is measured as it runs in production).
 */
async function start(script: string, env: Record<string, string>, healthUrl: string): Promise<ChildProcess> {
  const serve = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } }
  ).scripts.serve;
  // "exec node <options> <file>": node's arguments.
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : serve.split(' ').slice(2);
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    const up = await fetch(healthUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${script} did not start`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The server's process and, for the embedded database, its postmaster (a daemon of its own). */
function serverPids(api: ChildProcess, dataDir: string): number[] {
  const lock = join(dataDir, 'postgres', 'postmaster.pid');
  const postmaster = existsSync(lock) ? Number(readFileSync(lock, 'utf8').split('\n')[0]) : undefined;
  return [api.pid!, ...(postmaster ? [postmaster] : [])];
}

/** One database: seeds it, starts the server on it, loads every endpoint, samples memory. */
async function benchDatabase(label: string, target: DatabaseTarget, bareUrl: string) {
  const dataDir = target.dataDir.replace(/\/postgres$/, '');
  const deckData = await seedDecks(target);
  const rankingWanted =
    wanted(`GET /ranking/ ${RANKING_SEED}`) || wanted(`GET /ranking/?scope=country ${RANKING_SEED}`);
  if (rankingWanted) await seedRanking(target);
  // The dictionary store is built once, beforehand: the server is measured serving, not building it.
  symlinkSync(DICTIONARY_STORE, join(dataDir, 'dictionary'));
  const apiPort = 3900 + Math.floor(Math.random() * 50);
  const api = await start(
    'npm run serve',
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      AUTH_RATE_LIMIT_MAX: '100000000',
      NODE_ENV: 'production',
      LLM_BASE_URL: fakeModel.baseUrl,
      LLM_MODEL: 'bench-model',
      LLM_API_KEY: 'bench-key',
      ...(target.url ? { DATABASE_URL: target.url } : {}),
    },
    `http://127.0.0.1:${apiPort}/api/health`,
  );
  // The API's own tree, and the embedded PostgreSQL's (none on an external server), sampled on a
  // thread of its own: a pass over /proc takes milliseconds the load generator must not wait for.
  const [apiPid, ...dbPids] = serverPids(api, dataDir);
  const sampler = startMemorySampler([[apiPid!], dbPids]);
  const idle = await sampler.now();
  const idleMb = idle.apiMb + idle.dbMb;
  sampler.during('idle');

  /** One autocannon run; the rate is over the time to its last answer. */
  const run = async (name: string, opts: autocannon.Options) => {
    // A run of `amount` requests stops at autocannon's next whole second, which its own duration
    // and mean per second include.
    const started = performance.now();
    let answered = started;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const headers = { 'accept-encoding': ACCEPT_ENCODING, ...opts.headers };
      const instance = autocannon({ duration: DURATION, ...opts, headers }, (err, done) =>
        err ? reject(err) : resolve(done),
      );
      instance.on('response', () => (answered = performance.now()));
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${label}, ${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    }
    return { result, seconds: (answered - started) / 1000 };
  };

  /**
   * Measures an endpoint warm, as a server that has served it before does: `warmUp` first (by
   * default a second of the same load), not counted, so the code is compiled and the caches
   * filled when the measured run starts. Memory is sampled during the warm-up and once right
   * after the measured run, not during it: a pass over /proc takes a core from the servers for
   * about 10 ms, and with one every 250 ms the review answers' p99 was 3 ms higher (median of
   * seven runs each) and their rate 5% lower.
   */
  const load = async (
    name: string,
    opts: autocannon.Options,
    warmUp: autocannon.Options = { ...opts, duration: WARM_UP_SECONDS },
  ) => {
    if (!wanted(name)) return null;
    sampler.during(name);
    const connections = budgets.endpoints[name]?.connections ?? CONNECTIONS;
    await run(`${name} (warming up)`, { connections, ...warmUp });
    sampler.pause();
    const { result, seconds } = await run(name, { connections, ...opts }).finally(sampler.resume);
    return {
      name,
      connections,
      rps: result.requests.total / seconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
    };
  };

  /**
   * Endpoints that a budget compares with each other ("at least as fast as me"), measured in turn:
   * DURATION rounds of one second, each endpoint once per round, so the machine's moment falls on
   * all of them alike. Measured one after another, five seconds each, the same build gave plans
   * 0.89–0.99× me and feature-access 0.94–1.08×, the spread of the moment rather than of the API.
   * The rate is over all rounds; p50 is the median of the rounds' and p99 the highest. The bare
   * route takes its turn in each round too, and their shares of bare are of that figure: a run of
   * one second has its connections to open and its first requests to send, which a share of the
   * five seconds the bare route gets alone would count against them.
   */
  const inTurn = async (endpoints: Array<[string, autocannon.Options]>) => {
    const named = endpoints.filter(([name]) => wanted(name));
    if (named.length === 0) return [];
    const chosen = [[BARE_IN_TURN, { url: bareUrl }] as [string, autocannon.Options], ...named].map(
      ([name, opts]) => ({
        name,
        opts: { connections: budgets.endpoints[name]?.connections ?? CONNECTIONS, ...opts },
        requests: 0,
        seconds: 0,
        p50s: [] as number[],
        p99: 0,
      }),
    );
    for (const { name, opts } of chosen) {
      sampler.during(name);
      await run(`${name} (warming up)`, { ...opts, duration: WARM_UP_SECONDS });
    }
    sampler.pause();
    try {
      for (let round = 0; round < DURATION; round++) {
        for (const endpoint of chosen) {
          const { result, seconds } = await run(endpoint.name, { ...endpoint.opts, duration: 1 });
          endpoint.requests += result.requests.total;
          endpoint.seconds += seconds;
          endpoint.p50s.push(result.latency.p50);
          endpoint.p99 = Math.max(endpoint.p99, result.latency.p99);
        }
      }
    } finally {
      sampler.resume();
    }
    const [bare, ...rest] = chosen.map(({ name, opts, requests, seconds, p50s, p99 }) => ({
      name,
      connections: opts.connections,
      rps: requests / seconds,
      p50: p50s.sort((a, b) => a - b)[Math.floor(p50s.length / 2)]!,
      p99,
    }));
    return rest.map((row) => ({ ...row, bareRps: bare!.rps }));
  };

  try {
    const base = `http://127.0.0.1:${apiPort}/api`;
    const user = { username: 'bench_user', email: 'bench@example.com', password: 'Bench123!' };
    const json = { 'content-type': 'application/json' };
    const signup = await fetch(`${base}/auth/signup/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(user),
    });
    const { access } = (await signup.json()) as { access: string };
    const authorized = { authorization: `Bearer ${access}` };
    // A reader with a favorite and some progress, so the per-reader joins have rows to find.
    const stories = (await (await fetch(`${base}/stories/?page=1`, { headers: authorized })).json()) as {
      results: Array<{ id: string; locked: boolean }>;
    };
    // A story the basic plan reads: a locked one's chapters answer 403.
    const storyId = stories.results.find((s) => !s.locked)!.id;
    const story = (await (await fetch(`${base}/stories/${storyId}/`, { headers: authorized })).json()) as {
      chapters: Array<{ id: string }>;
    };
    const chapterId = story.chapters[0]!.id;
    await fetch(`${base}/stories/${storyId}/favorite/`, {
      method: 'PUT',
      headers: { ...json, ...authorized },
      body: JSON.stringify({ favorite: true }),
    });
    await fetch(`${base}/chapters/${chapterId}/progress/`, {
      method: 'POST',
      headers: { ...json, ...authorized },
      body: JSON.stringify({ page: 1, reading_seconds: 30 }),
    });

    const signin = async (login: { email: string; password: string }) => {
      const res = await fetch(`${base}/auth/signin/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(login),
      });
      return { authorization: `Bearer ${((await res.json()) as { access: string }).access}` };
    };
    const { reviewer } = deckData;
    const reviewerAuth = await signin(reviewer);
    const collectorAuth = await signin(deckData.collector);
    const warmerAuth = await signin(deckData.warmer);
    /** Each request answers another of `cardIds`, each card once: a card answered again within
     * seconds is the same answer sent twice, which saves nothing. */
    const answering = (auth: Record<string, string>, cardIds: string[]): autocannon.Options => {
      let next = 0;
      return {
        url: `${base}/deck/reviews/`,
        amount: cardIds.length,
        requests: [
          {
            method: 'POST',
            headers: { ...json, ...auth },
            setupRequest: (request) => {
              next += 1;
              return {
                ...request,
                body: JSON.stringify({
                  flashcard: cardIds[(next - 1) % cardIds.length],
                  method: 'guess',
                  result: next % 4 ? 'got_it' : 'was_wrong',
                }),
              };
            },
          },
        ],
      };
    };
    // The ranked learner subscribes to pro (the ranking is part of it) through the sandbox, as the web does.
    const rankerAuth = rankingWanted ? await signin(RANKING_BENCH_USER) : {};
    if (rankingWanted) await subscribePro(base, rankerAuth);

    const measured = [
      await load('bare fastify', { url: bareUrl }),
      await load('POST /auth/signin/', {
        url: `${base}/auth/signin/`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: user.email, password: user.password }),
      }),
      // Billing a learner on the basic plan reads on every screen: the plans page and feature gates,
      // each at least as fast as me.
      ...(await inTurn([
        ['GET /auth/me/', { url: `${base}/auth/me/`, headers: authorized }],
        [
          'GET /billing/plans/?country_code=BR',
          { url: `${base}/billing/plans/?country_code=BR`, headers: authorized },
        ],
        [
          'GET /billing/feature-access/?feature=graded_reader',
          { url: `${base}/billing/feature-access/?feature=graded_reader`, headers: authorized },
        ],
      ])),
      await load('GET /stories/?page=1', { url: `${base}/stories/?page=1`, headers: authorized }),
      await load('GET /chapters/{id}/', { url: `${base}/chapters/${chapterId}/`, headers: authorized }),
      await load(`GET /deck/decks/{id}/review/ ${DECK}`, {
        url: `${base}/deck/decks/${reviewer.deckId}/review/`,
        headers: reviewerAuth,
      }),
      // The big deck's cards, each answered once; the warm-up answers another learner's.
      await load(
        `POST /deck/reviews/ ${DECK}`,
        answering(reviewerAuth, reviewer.cardIds),
        answering(warmerAuth, deckData.warmer.cardIds),
      ),
      await load(`GET /deck/decks/ (${MANY_DECKS} decks)`, {
        url: `${base}/deck/decks/`,
        headers: collectorAuth,
      }),
      await load(`GET /ranking/ ${RANKING_SEED}`, {
        url: `${base}/ranking/?period=week&board=points&scope=world`,
        headers: rankerAuth,
      }),
      await load(`GET /ranking/?scope=country ${RANKING_SEED}`, {
        url: `${base}/ranking/?period=week&board=points&scope=country`,
        headers: rankerAuth,
      }),
    ].filter((row): row is Measured => row !== null);
    sampler.during(STORY_GEN);
    const storyGen = wanted(STORY_GEN) ? await firstSentence(base) : null;
    const peak = await sampler.peak();
    const peakMb = peak.apiMb + peak.dbMb;

    const bareRps = measured[0]!.rps;
    const rpsOf = (name: string) => {
      const found = measured.find((row) => row.name === name);
      if (!found) throw new Error(`budgets.json compares with "${name}", which is not measured`);
      return found.rps;
    };
    const rows: Row[] = measured.map((row) => {
      const budget: Budget = budgets.endpoints[row.name] ?? {};
      const ratio = row.rps / (row.bareRps ?? bareRps);
      const broken = [
        budget.p99Ms !== undefined && row.p99 > budget.p99Ms && 'p99',
        budget.minRps !== undefined && row.rps < budget.minRps && 'req/s',
        budget.minRatioToBare !== undefined && ratio < budget.minRatioToBare && 'vs bare',
        ...Object.entries(budget.minRatioTo ?? {}).map(
          ([other, min]) => row.rps / rpsOf(other) < min && `vs ${other}`,
        ),
      ].filter((what): what is string => Boolean(what));
      return { database: label, ...row, ratio, broken };
    });
    const memory = {
      database: label,
      idleMb,
      peakMb,
      peakApiMb: peak.apiMb,
      peakDbMb: peak.dbMb,
      peakDuring: peak.during,
      ok: peakMb <= budgets.memory.maxPeakMb,
    };
    const storyGenRow = storyGen && {
      database: label,
      ...storyGen,
      ok: storyGen.p99Ms <= budgets.storyGen.firstSentenceP99Ms,
    };
    return { rows, memory, storyGen: storyGenRow };
  } finally {
    await sampler.stop();
    await stop(api);
  }
}

/** The bare route's turn in the rounds of inTurn: what the shares of bare of those endpoints are of. */
const BARE_IN_TURN = 'bare fastify (in turn)';
const STORY_GEN = 'story generator: first streamed sentence';
const STORY_GEN_RUNS = 40;

/**
 * The story generator's own share of the wait for the first sentence: a premium learner asks for
 * one chapter STORY_GEN_RUNS times, one after another, against a model that answers at once (the
 * local fake, its whole answer streamed in the first moment), so what is timed is the API: sign-in
 * check, allowance, prompt, the model's request and stream parsing, up to the first sentence event.
 */
async function firstSentence(base: string) {
  const json = { 'content-type': 'application/json' };
  const signup = await fetch(`${base}/auth/signup/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'bench_writer', email: 'writer@example.com', password: 'Bench123!' }),
  });
  const auth = { authorization: `Bearer ${((await signup.json()) as { access: string }).access}` };
  await fetch(`${base}/auth/onboarding/`, {
    method: 'POST',
    headers: { ...json, ...auth },
    body: JSON.stringify({ language: 'en', proficiency: 'beginner', motivation: 'travel' }),
  });
  await subscribePro(base, auth, 'premium');
  const times: number[] = [];
  for (let run = 0; run < STORY_GEN_RUNS; run += 1) {
    const started = performance.now();
    const res = await fetch(`${base}/story-gen/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ level: 'elementary', genre: 'humor', chapters: 1, words: ['apple'] }),
    });
    if (!res.ok || !res.body) throw new Error(`story generator: ${res.status} ${await res.text()}`);
    let first: number | null = null;
    for await (const { event } of readServerSentEvents(res.body)) {
      if (event === 'sentence' && first === null) first = performance.now() - started;
      if (event === 'error') throw new Error('story generator: the generation failed');
    }
    if (first === null) throw new Error('story generator: no sentence was streamed');
    if (run > 0) times.push(first);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** A fresh database on the server of BENCH_DATABASE_URL, dropped afterwards. */
async function externalDatabase(serverUrl: string) {
  const name = `lendo_bench_${randomUUID().replaceAll('-', '')}`;
  return { url: await ensureDatabase(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

const DICTIONARY_STORE = join(tmpdir(), 'lendo-bench-dictionary');
await ensureStore(DICTIONARY_STORE);
/** The stand-in for a hosted model: the story generator is measured without the model's own time. */
const fakeModel = await startFakeLlm();
const barePort = 3960 + Math.floor(Math.random() * 30);
const bare = await start('bench/bare-server.ts', { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lendo-bench-'));
  // Run as root, the embedded server runs as the postgres user, who must reach its cluster.
  chmodSync(dir, 0o755);
  folders.push(dir);
  return dir;
};
try {
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  const results = [await benchDatabase('embedded', { dataDir: join(tempDir(), 'postgres') }, bareUrl)];
  if (process.env.BENCH_DATABASE_URL) {
    const external = await externalDatabase(process.env.BENCH_DATABASE_URL);
    try {
      results.push(
        await benchDatabase('postgres', { url: external.url, dataDir: join(tempDir(), 'postgres') }, bareUrl),
      );
    } finally {
      await external.drop();
    }
  }
  const rows = results.flatMap((r) => r.rows);
  const memory = results.map((r) => r.memory);
  const storyGen = results.flatMap((r) => (r.storyGen ? [r.storyGen] : []));

  console.log(
    `\nEndpoints (${DURATION}s each; share of the bare route in the same run, of its turns in the ` +
      `rounds for the endpoints measured in turn)`,
  );
  console.table(
    rows.map((r) => ({
      database: r.database,
      endpoint: r.name,
      conns: r.connections,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs bare': `${(r.ratio * 100).toFixed(1)}%`,
      budget: r.broken.length === 0 ? 'ok' : `OVER: ${r.broken.join(', ')}`,
    })),
  );
  console.log(`Memory of the server's process tree (PSS; budget ${budgets.memory.maxPeakMb} MB at peak)`);
  console.table(
    memory.map((m) => ({
      database: m.database,
      'idle MB': Math.round(m.idleMb),
      'peak MB': Math.round(m.peakMb),
      'of which API / database': `${Math.round(m.peakApiMb)} / ${Math.round(m.peakDbMb)}`,
      'peak during': m.peakDuring,
      budget: m.ok ? 'ok' : 'OVER',
    })),
  );
  if (storyGen.length > 0) {
    console.log(
      `Story generator: time to the first streamed sentence, model excluded (${STORY_GEN_RUNS} runs; budget p99 ≤ ${budgets.storyGen.firstSentenceP99Ms} ms)`,
    );
    console.table(
      storyGen.map((g) => ({
        database: g.database,
        'p50 ms': g.p50Ms,
        'p99 ms': g.p99Ms,
        budget: g.ok ? 'ok' : 'OVER',
      })),
    );
  }
  const endpointsOk =
    rows.every((r) => r.broken.length === 0) && memory.every((m) => m.ok) && storyGen.every((g) => g.ok);

  if (ONLY) {
    console.log(endpointsOk ? '\nThese budgets are met.' : '\nSome budgets are broken.');
    process.exitCode = endpointsOk ? 0 : 1;
  } else {
    const dictDir = DICTIONARY_STORE;
    const lookups = await benchLookups({ dataDir: dictDir });
    const dictHttp = await benchHttp({ dataDir: dictDir, seconds: DURATION, port: barePort + 1 });
    const dictBudget = budgets.dictionary;
    const dictionary = {
      ...lookups,
      httpRps: Math.round(dictHttp.rps),
      httpP99Ms: dictHttp.p99Ms,
      ok:
        lookups.p99Ms <= dictBudget.lookupP99Ms &&
        dictHttp.rps >= dictBudget.minHttpRps &&
        dictHttp.errors === 0,
    };

    const speech = createSpeechPool({ size: 1 });
    const sentences: Array<[string, string]> = [
      ['en-us', 'The old fisherman pulled his boat onto the sand and looked at the sky.'],
      ['es', 'La abuela preparó una sopa de garbanzos para toda la familia.'],
      ['pt-br', 'Na feira de domingo, Ana comprou pão de queijo e frutas frescas.'],
    ];
    await speech.synthesize('warm up', 'en-us');
    const ttsTimes: number[] = [];
    for (const [voice, text] of sentences) {
      const started = performance.now();
      await speech.synthesize(text, voice);
      ttsTimes.push(performance.now() - started);
    }
    await speech.close();
    const ttsMsPerSentence = Math.round(ttsTimes.reduce((a, b) => a + b, 0) / ttsTimes.length);
    const tts = { msPerSentence: ttsMsPerSentence, ok: ttsMsPerSentence <= budgets.tts.maxMsPerSentence };

    const bundle = measureWebBundle(join(root, 'apps/web/dist'));
    const web = {
      ...bundle,
      ok:
        bundle.loginInitialGzipKb <= budgets.web.loginInitialMaxGzipKb &&
        bundle.chunks.every((c) => c.gzipKb <= budgets.web.chunkMaxGzipKb) &&
        bundle.totalGzipKb <= budgets.web.totalMaxGzipKb,
    };

    console.log('Dictionary (in process, then HTTP on its own server)');
    console.table([
      {
        'lookups/s': lookups.perSecond,
        'p50 ms': lookups.p50Ms,
        'p99 ms': lookups.p99Ms,
        'HTTP req/s': dictionary.httpRps,
        'HTTP p99 ms': dictionary.httpP99Ms,
        budget: dictionary.ok ? 'ok' : 'OVER',
      },
    ]);
    console.log(
      `Speech: ${tts.msPerSentence} ms per sentence (espeak-ng WASM in a worker), ${tts.ok ? 'ok' : 'OVER'}\n`,
    );
    console.log(
      `Web JS (gzip): /login loads ${bundle.loginInitialGzipKb.toFixed(1)} KB before it is interactive ` +
        `(budget ${budgets.web.loginInitialMaxGzipKb} KB; sent to a browser as ` +
        `${bundle.loginInitialSentKb.toFixed(1)} KB of brotli); every chunk ≤ ${budgets.web.chunkMaxGzipKb} KB`,
    );
    console.table(
      bundle.chunks.map((c) => ({
        chunk: c.file,
        'gzip KB': c.gzipKb.toFixed(1),
        budget: c.gzipKb <= budgets.web.chunkMaxGzipKb ? 'ok' : 'OVER',
      })),
    );
    console.log(`total: ${bundle.totalGzipKb.toFixed(1)} KB (budget ${budgets.web.totalMaxGzipKb} KB)`);

    const ok = endpointsOk && dictionary.ok && tts.ok && web.ok;
    writeFileSync(
      join(root, 'bench/results.json'),
      JSON.stringify(
        { date: new Date().toISOString(), ok, endpoints: rows, memory, dictionary, tts, web },
        null,
        2,
      ) + '\n',
    );
    console.log(ok ? '\nAll budgets met.' : '\nSome budgets are broken.');
    process.exitCode = ok ? 0 : 1;
  }
} finally {
  await fakeModel.close();
  await stop(bare);
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}
