import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { readLibrary, type LibraryStory } from '@lendo/content';
import { dictionaryApp, loadDictionary } from '@lendo/dictionary';
import type { Me } from '@lendo/shared';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAccountCache } from './lib/account-cache.ts';
import { authGuard } from './lib/auth-guard.ts';
import { isManualClock, manualClock, systemClock, type Clock } from './lib/clock.ts';
import { httpDictionary, inProcessDictionary } from './lib/dictionary-client.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
  registerNotFound,
} from './lib/errors.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { registerCompression } from './lib/compression.ts';
import { localFileStore } from './lib/file-store.ts';
import { createLlmClient } from './lib/llm.ts';
import { refuseControlCharacters } from './lib/control-characters.ts';
import { requestSerializer } from './lib/log-redaction.ts';
import { registerMetrics } from './lib/metrics.ts';
import { deviceCookies } from './lib/device-cookie.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { storyGenRoutes } from './modules/story-gen/routes.ts';
import { createStoryGenService } from './modules/story-gen/service.ts';
import { createMailer } from './lib/mailer.ts';
import { createOidcClient } from './lib/oidc-client.ts';
import { createSpeechPool } from './lib/speech/speech-pool.ts';
import { createAccessTokens, resolveJwtSecret } from './lib/tokens.ts';
import { createIdentityService } from './modules/auth/identity-service.ts';
import { identityRoutes } from './modules/auth/identity-routes.ts';
import { createProfileService } from './modules/auth/profile-service.ts';
import { profileRoutes } from './modules/auth/profile-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { seedCatalog } from './modules/billing/catalog.ts';
import { createGeoLocator } from './modules/billing/geo.ts';
import { createSandboxProvider } from './modules/billing/providers/sandbox.ts';
import { createStripeProvider } from './modules/billing/providers/stripe.ts';
import { billingRoutes, stripeWebhookRoutes } from './modules/billing/routes.ts';
import { createBillingService } from './modules/billing/service.ts';
import { decksRoutes } from './modules/decks/routes.ts';
import { createDecksService } from './modules/decks/service.ts';
import { entitlementsRoutes } from './modules/entitlements/routes.ts';
import { createEntitlementsService } from './modules/entitlements/service.ts';
import { createPointsLedger } from './modules/graded-reader/ledger.ts';
import { questionBank } from './modules/graded-reader/question-bank.ts';
import { gradedReaderRoutes } from './modules/graded-reader/routes.ts';
import { createGradedReaderService } from './modules/graded-reader/service.ts';
import { rankingRoutes } from './modules/ranking/routes.ts';
import { createRankings } from './modules/ranking/service.ts';
import { loadLibrary } from './modules/stories/library-loader.ts';
import { storiesRoutes } from './modules/stories/routes.ts';
import { librarySentence, storySentences } from './modules/stories/sentence-translations.ts';
import { createStoriesService } from './modules/stories/service.ts';
import { devClockRoutes, devMailRoutes, healthRoutes } from './modules/system/routes.ts';
import { ttsRoutes } from './modules/tts/routes.ts';
import { createTtsService } from './modules/tts/service.ts';
import { wordContextRoutes } from './modules/word-context/routes.ts';
import { firstTranslation, lexiconSentences } from './modules/word-context/sentence-translations.ts';
import { createWordContextService } from './modules/word-context/service.ts';
import { wordStatusRepository } from './modules/word-status/repository.ts';
import { wordStatusRoutes } from './modules/word-status/routes.ts';
import { createWordStatusService } from './modules/word-status/service.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { createAnalyticsService, databaseSink, logSink, noSink } from './modules/analytics/service.ts';
import { wordsRoutes } from './modules/words/routes.ts';
import { createWordsService } from './modules/words/service.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The system clock by default; with TEST_CLOCK, a manual clock starting now. */
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The story library to load; packages/content's by default. */
  library?: LibraryStory[];
}

const API_PREFIX = '/api';
/** How often the sandbox processor looks for trials, renewals and retries that came due. */
const BILLING_SWEEP_MS = 60_000;

/**
 * The whole server: API under /api, the dictionary service under /dict and, when built, the web
 * app at /. External plugins first, then our own, then routes.
 */
export async function buildApp({ config, database, clock: given, logger, library }: AppDeps) {
  const clock = given ?? (config.TEST_CLOCK ? manualClock() : systemClock);
  const app = Fastify({
    // Every log line's request URL is redacted: tokens and codes in query strings never reach logs.
    logger:
      logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(typeof logger === 'object' ? logger : {}),
            serializers: { req: requestSerializer },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: anyone can send it.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : (config.TRUST_PROXY ?? false),
    // Long path parameters (a 200-letter "word" sent to /dict) get our 400, not the router's 414.
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // The Date header tells the time by the app's clock, so a client can say "in 10 minutes" by the
    // server's clock rather than its own (which may be wrong, or, on a test clock, far apart).
    reply.header('date', clock.now().toUTCString());
  });
  registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Lendo API',
        version: '1.0.0',
        description: 'The API of Lendo. Errors: {message, code, fields?}.',
      },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The docs page sends its own CSP (with the hashes of its inline bits); the rest gets ours.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await registerSecurityHeaders(app, {
    appUrl: config.APP_URL ?? `http://localhost:${config.PORT}`,
    stripe: Boolean(config.STRIPE_SECRET_KEY),
    corsOrigins: config.CORS_ORIGINS,
  });
  // With Redis, every instance counts attempts in the same place; if it fails, limits are skipped
  // rather than every sign-in failing.
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    : undefined;
  if (rateLimitRedis) app.addHook('onClose', () => rateLimitRedis.quit().then(() => undefined));
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, skipOnError: true, nameSpace: 'lendo-rate:' } : {}),
  });
  registerErrorHandling(app);
  refuseControlCharacters(app);
  if (config.METRICS_TOKEN) registerMetrics(app, { database, token: config.METRICS_TOKEN });

  const appUrl = config.APP_URL ?? `http://localhost:${config.PORT}`;
  const analytics = createAnalyticsService({
    db: database.db,
    clock,
    sink: { database: databaseSink(database.db), log: logSink(app.log), off: noSink }[config.ANALYTICS_SINK],
  });
  const jwtSecret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const accessTokens = createAccessTokens(jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS, clock);
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: app.log,
  });
  // What each signed-in request asks of its account, kept in process; with REDIS_URL, changes are
  // broadcast to every instance.
  const accounts = createAccountCache<Me>({ clock, log: app.log, redisUrl: config.REDIS_URL });
  app.decorate('accountCache', accounts);
  app.addHook('onClose', () => accounts.close());
  // Billing: the embedded sandbox processor, or Stripe when its keys are set.
  await seedCatalog(database.db);
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiBase: config.STRIPE_API_BASE,
          clock,
        })
      : null;
  const sandbox = stripe ? null : createSandboxProvider({ db: database.db, clock });
  await sandbox?.seed();
  const billing = createBillingService({
    db: database.db,
    clock,
    provider: stripe ?? sandbox!,
    mailer,
    appUrl,
    log: app.log,
    onSubscriptionChanged: accounts.invalidate,
    views: accounts,
  });
  if (sandbox) {
    // The sandbox renews, retries and ends subscriptions as its clock passes their dates.
    const sweep = setInterval(
      () => billing.advanceSandbox().catch((err: unknown) => app.log.error({ err }, 'billing sweep failed')),
      BILLING_SWEEP_MS,
    );
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  const entitlements = createEntitlementsService({
    db: database.db,
    clock,
    // The plan in force, from the cached account (`me` holds it, and is never kept past its end).
    planOf: async (userId) => (await auth.me(userId)).subscription.plan?.tier ?? 'basic',
  });
  // Rankings: points_totals in SQL, or Redis sorted sets with REDIS_URL; the ledger tells them of new points.
  const rankings = createRankings({ db: database.db, clock, redisUrl: config.REDIS_URL });
  app.decorate('rankings', rankings);
  app.addHook('onClose', () => rankings.close());
  const geo = createGeoLocator();
  const ledger = createPointsLedger({ db: database.db, clock, rankings, log: app.log });
  const auth = createAuthService({
    db: database.db,
    clock,
    accessTokens,
    mailer,
    appUrl,
    onOnboarded: (me) => decks.onOnboarded(me),
    onReactivated: (userId) => rankings.changed([userId]),
    subscriptionOf: billing.summary,
    accounts,
  });
  const decks = createDecksService({
    db: database.db,
    clock,
    entitlements,
    userOf: (userId) => auth.me(userId),
    wordStatuses: wordStatusRepository,
    ledger,
    views: accounts,
  });
  const wordStatus = createWordStatusService({
    db: database.db,
    clock,
    lapseDueCards: (userId, language, lemma) => decks.lapseDueCards(userId, language, lemma),
  });
  app.addHook('onClose', () => mailer.flush());
  const files = localFileStore(join(config.DATA_DIR, 'files'), `${API_PREFIX}/files`);
  const profile = createProfileService({
    db: database.db,
    clock,
    mailer,
    appUrl,
    files,
    auth,
    onCountryChanged: (userId, country) => ledger.moveCountry(userId, country),
    onAccountClosed: (userId) => rankings.changed([userId]),
  });
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createOidcClient({
          issuer: config.GOOGLE_ISSUER,
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          redirectUri: `${appUrl}${API_PREFIX}/auth/google/callback/`,
        })
      : null;
  const identity = createIdentityService({ db: database.db, clock, appUrl, auth, google, log: app.log });

  const libraryStories = library ?? readLibrary();
  const loaded = await loadLibrary(database.db, libraryStories, clock.now());
  app.log.info(loaded, 'story library loaded');
  const stories = createStoriesService({
    db: database.db,
    clock,
    userOf: (userId) => auth.me(userId),
    entitlements,
    apiPrefix: API_PREFIX,
    ledger,
    views: accounts,
  });
  const gradedReader = createGradedReaderService({
    db: database.db,
    clock,
    ledger,
    rankings,
    questions: questionBank(libraryStories),
    userOf: (userId) => auth.me(userId),
    apiPrefix: API_PREFIX,
  });

  // The dictionary: loaded in process (its store is built on first use), or a separate service.
  const dictionaryDir = join(config.DATA_DIR, 'dictionary');
  const dictionary = config.DICTIONARY_URL
    ? httpDictionary(config.DICTIONARY_URL)
    : inProcessDictionary(await loadDictionary(dictionaryDir, { log: (message) => app.log.info(message) }));
  const llm =
    config.LLM_BASE_URL && config.LLM_MODEL && config.LLM_API_KEY
      ? createLlmClient({
          baseUrl: config.LLM_BASE_URL,
          model: config.LLM_MODEL,
          apiKey: config.LLM_API_KEY,
          timeoutMs: config.LLM_TIMEOUT_MS,
        })
      : null;
  const localeOf = async (userId: string) => (await auth.me(userId)).locale;
  const words = createWordsService({ dictionary, localeOf });
  const wordContext = createWordContextService({
    db: database.db,
    dictionary,
    sentences: firstTranslation([storySentences(database.db), lexiconSentences(dictionary)]),
    librarySentence: librarySentence(database.db),
    llm,
    localeOf,
    log: app.log,
  });
  const storyGen = createStoryGenService({
    db: database.db,
    clock,
    llm,
    dictionary,
    userOf: (userId) => auth.me(userId),
    entitlements,
    cards: stories,
    changed: (userId) => accounts.invalidateViews(userId),
    log: app.log,
  });
  const speech = createSpeechPool();
  app.addHook('onClose', () => speech.close());
  const tts = createTtsService({ filesDir: join(config.DATA_DIR, 'files'), speech });

  await app.register(authGuard, { accessTokens, isActive: auth.isActive });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        database,
        dictionaryReady: async () => (await dictionary.lookup('en', 'the')) !== null,
      });
      const rateLimit = {
        max: config.AUTH_RATE_LIMIT_MAX,
        windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      };
      const devices = deviceCookies(jwtSecret, { secure: appUrl.startsWith('https:') });
      await api.register(authRoutes, { auth, rateLimit, geo, devices });
      await api.register(profileRoutes, { profile, files, rateLimit });
      await api.register(identityRoutes, { identity, rateLimit, geo, devices });
      await api.register(wordsRoutes, { words });
      await api.register(wordStatusRoutes, { wordStatus });
      await api.register(wordContextRoutes, { wordContext, entitlements });
      await api.register(ttsRoutes, { tts, entitlements });
      await api.register(storiesRoutes, { stories });
      await api.register(storyGenRoutes, { storyGen });
      await api.register(entitlementsRoutes, { entitlements });
      await api.register(decksRoutes, { decks });
      await api.register(gradedReaderRoutes, { gradedReader, entitlements });
      await api.register(rankingRoutes, { rankings, entitlements });
      await api.register(billingRoutes, { billing, geo });
      await api.register(analyticsRoutes, { analytics });
      if (stripe) await api.register(stripeWebhookRoutes, { billing, parse: stripe.parseWebhook });
      if (config.TEST_CLOCK && isManualClock(clock)) {
        await api.register(devClockRoutes, { clock, onAdvance: billing.advanceSandbox });
      }
    },
    { prefix: API_PREFIX },
  );
  // Embedded mode serves the dictionary itself; a separate one (DICTIONARY_URL) has its own address.
  if (!config.DICTIONARY_URL) await app.register(dictionaryApp, { prefix: '/dict', dataDir: dictionaryDir });
  if (!config.SMTP_URL && config.NODE_ENV !== 'production') await app.register(devMailRoutes, { database });

  const webRoot = config.WEB_DIST && resolve(config.WEB_DIST);
  if (webRoot && existsSync(resolve(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // Ours alone (below): the static server's own would say public, max-age=0 for everything.
      cacheControl: false,
      // The build writes each text file beside itself as .br and .gz (apps/web/vite.config.ts):
      // a browser gets those bytes, anything else the file itself.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
    registerNotFound(app, (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  } else {
    registerNotFound(app);
  }

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
