// Dictionary benchmarks: in-process lookup latency and HTTP throughput of the standalone service.
//   node --import tsx apps/dictionary/src/build/bench.ts [--lookups N] [--seconds S] [--connections C]
// or import { benchLookups, benchHttp } from '@lendo/dictionary/bench'.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LEARNING_LANGUAGES, type LearningLanguage } from '@lendo/shared';
import { DEFAULT_DATA_DIR, loadDictionary } from '../dictionary.ts';
import { readLexicon } from './lexicon.ts';

const WORD = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu;

/**
 * A realistic mix: the running words of the lexicon's example sentences in all three languages
 * (frequent words repeat as they do in text, most are inflected forms) plus some misspellings
 * and unknown words, which take the slower accent-folding path.
 */
export function wordMix(): { language: LearningLanguage; word: string }[] {
  const mix: { language: LearningLanguage; word: string }[] = [];
  for (const source of LEARNING_LANGUAGES) {
    for (const row of readLexicon(source)) {
      const texts = { ...row.example.translations, [source]: row.example.sentence };
      for (const language of LEARNING_LANGUAGES) {
        for (const [word] of (texts[language] ?? '').matchAll(WORD)) mix.push({ language, word });
      }
    }
  }
  const unknown = mix
    .filter((_, i) => i % 20 === 0)
    .map(({ language, word }) => ({ language, word: `${word}zq` }));
  return [...mix, ...unknown];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export interface LookupBench {
  lookups: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  perSecond: number;
  heapMb: number;
}

/** Times `lookups` in-process word lookups (lemmas + entries) over the word mix. */
export async function benchLookups({
  dataDir = DEFAULT_DATA_DIR,
  lookups = 200_000,
} = {}): Promise<LookupBench> {
  const dictionary = await loadDictionary(dataDir);
  const mix = wordMix();
  for (let i = 0; i < 5_000; i++) dictionary.lookup(mix[i % mix.length]!.language, mix[i % mix.length]!.word);
  const times = new Float64Array(lookups);
  const started = performance.now();
  for (let i = 0; i < lookups; i++) {
    const { language, word } = mix[i % mix.length]!;
    const t = performance.now();
    dictionary.lookup(language, word);
    times[i] = performance.now() - t;
  }
  const total = performance.now() - started;
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value: number) => Number(value.toFixed(4));
  return {
    lookups,
    p50Ms: ms(percentile(sorted, 0.5)),
    p99Ms: ms(percentile(sorted, 0.99)),
    maxMs: ms(sorted[sorted.length - 1]!),
    perSecond: Math.round(lookups / (total / 1000)),
    heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
  };
}

export interface HttpBench {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/**
 * Starts `server.ts` on its own port and loads it with autocannon for `seconds`, each request a
 * word record of the next word of the mix.
 */
export async function benchHttp({
  dataDir = DEFAULT_DATA_DIR,
  seconds = 10,
  connections = 10,
  port = 3190,
} = {}): Promise<HttpBench> {
  await loadDictionary(dataDir); // build before the child starts, so its start-up is only a load
  const { default: autocannon } = await import('autocannon');
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../server.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        DICTIONARY_PORT: String(port),
        HOST: '127.0.0.1',
        DICT_DATA_DIR: resolve(dataDir),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error('the dictionary server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const paths = wordMix().map(({ language, word }) => `/v1/${language}/words/${encodeURIComponent(word)}`);
    let next = 0;
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
    });
    return {
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  } finally {
    server.kill('SIGTERM');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      lookups: { type: 'string', default: '200000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
    },
  });
  const dataDir = process.env.DICT_DATA_DIR ?? DEFAULT_DATA_DIR;
  const lookups = await benchLookups({ dataDir, lookups: Number(values.lookups) });
  const http = await benchHttp({
    dataDir,
    seconds: Number(values.seconds),
    connections: Number(values.connections),
  });
  process.stdout.write(`${JSON.stringify({ inProcess: lookups, http }, null, 2)}\n`);
}
