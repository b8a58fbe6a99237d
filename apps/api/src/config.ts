import { isIP } from 'node:net';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), { message: 'must be a postgres:// or postgresql:// URL' });
const positiveInt = z.coerce.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** An IPv4 or IPv6 address, optionally with a /prefix. */
const addressOrCidr = (value: string) => {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};
/**
 * Which proxies' X-Forwarded-For to believe: a hop count, or proxy addresses and CIDR ranges
 * separated by commas. Unset: none, every request's address is its connection's.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((part) => part.trim());
    if (list.length === 0 || !list.every(addressOrCidr)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a hop count or a comma-separated list of IPs and CIDR ranges',
      });
      return z.NEVER;
    }
    return list;
  });

const LLM_VARIABLES = ['LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY'] as const;
const GOOGLE_VARIABLES = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const;
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Public base URL of the web app, used in links sent by mail. Defaults to http://localhost:PORT. */
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: postgresUrl.optional(),
    /** API processes sharing the port (node cluster); each has its own pool on the same database. */
    WEB_CONCURRENCY: positiveInt.max(64).default(1),
    /** Secret for access tokens; at least 32 characters. Embedded mode keeps a generated one in DATA_DIR. */
    JWT_SECRET: z.string().min(32, { message: 'must have at least 32 characters' }).optional(),
    ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(15 * 60),
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v), { message: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Lendo <no-reply@lendo.local>'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** Attempts allowed per IP and per account on sign-in, sign-up and reset, per window. */
    AUTH_RATE_LIMIT_MAX: positiveInt.default(10),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
    TRUST_PROXY: trustProxy.optional(),
    /** Where page views and key events go: Lendo's own events table, the log, or nowhere. */
    ANALYTICS_SINK: z.enum(['database', 'log', 'off']).default('database'),
    /** The bearer token a Prometheus scraper sends to GET /metrics; unset: no metrics route. */
    METRICS_TOKEN: z.string().min(16, { message: 'must have at least 16 characters' }).optional(),
    /** Origins (https://app.example.com, comma-separated) that may call the API from a browser; none by default. */
    CORS_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be http(s) origins separated by commas' })))
      .default([]),
    /** Serve the built web app from this folder ('' disables it). */
    WEB_DIST: z.string().default('apps/web/dist'),
    /** Base URL of a separate dictionary service; unset: the dictionary runs in process. */
    DICTIONARY_URL: httpUrl.optional(),
    /** An OpenAI-compatible chat-completions server (e.g. https://api.openai.com/v1); all three or none. */
    LLM_BASE_URL: httpUrl.optional(),
    LLM_MODEL: z.string().min(1).optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_TIMEOUT_MS: positiveInt.default(20_000),
    /**
     * Google sign-in (both or none); the OAuth client's redirect URI is APP_URL/api/auth/google/callback/.
     * GOOGLE_ISSUER is the OpenID provider, Google's unless a test points it elsewhere.
     */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
    /**
     * Stripe (all three or none): card payments through Stripe instead of the embedded sandbox.
     * STRIPE_API_BASE points the SDK elsewhere (tests: a local server that speaks Stripe's API).
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, { message: 'must be a Stripe secret key (sk_…)' })
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_/, { message: 'must be a Stripe publishable key (pk_…)' })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, { message: 'must be a webhook signing secret (whsec_…)' })
      .optional(),
    STRIPE_API_BASE: httpUrl.optional(),
    /** A Redis server (redis:// or rediss://) that keeps the rankings live across API instances; unset: SQL. */
    REDIS_URL: z
      .string()
      .refine((v) => /^rediss?:\/\//.test(v), { message: 'must be a redis:// or rediss:// URL' })
      .optional(),
    /**
     * End-to-end tests only: the server runs on a clock that starts at the real time and moves
     * when told to (POST /api/dev/clock/). Refused in production.
     */
    TEST_CLOCK: z.stringbool().default(false),
  })
  .superRefine((env, ctx) => {
    if (env.WEB_CONCURRENCY > 1 && !env.REDIS_URL) {
      // Each process caches accounts and decks; only Redis tells the others of a change.
      ctx.addIssue({ code: 'custom', path: ['WEB_CONCURRENCY'], message: 'more than 1 needs REDIS_URL' });
    }
    if (env.TEST_CLOCK && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'must not be set in production' });
    }
    for (const group of [LLM_VARIABLES, GOOGLE_VARIABLES, STRIPE_VARIABLES]) {
      const given = group.filter((name) => env[name] !== undefined);
      if (given.length === 0 || given.length === group.length) continue;
      for (const name of group.filter((n) => env[n] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `must be set with ${given.join(', ')}` });
      }
    }
  });

export type Config = z.infer<typeof envSchema>;

const KEEP_EMPTY = new Set(['WEB_DIST']);

/** Reads the configuration; a bad value throws an error naming each variable at fault. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty value means unset, except where empty is a setting of its own.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => v !== undefined && (v !== '' || KEEP_EMPTY.has(k))),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Test and tool settings: everything valid by default, overridable per case. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '' }), ...overrides };
}
