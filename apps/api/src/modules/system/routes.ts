import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@lendo/shared';
import type { Database } from '../../db/client.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { mailOutbox } from '../../db/schema.ts';
import { errorBody } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  /** Whether the dictionary answers (in process, or its service over HTTP). */
  dictionaryReady: () => Promise<boolean>;
}> = async (app, { database, dictionaryReady }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) }) },
      },
    },
    async () => {
      await database.db.execute('select 1');
      return { status: 'ok' as const, database: database.kind };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        description:
          'Readiness for a load balancer: 200 when the database and the dictionary both answer, else 503 ' +
          'error.not-ready naming what does not (fields: database, dictionary).',
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.literal('ok'),
            dictionary: z.literal('ok'),
          }),
          503: errorResponse,
        },
      },
    },
    async (_req, reply) => {
      const [databaseOk, dictionaryOk] = await Promise.all([
        database.db.execute('select 1').then(
          () => true,
          () => false,
        ),
        dictionaryReady().catch(() => false),
      ]);
      if (databaseOk && dictionaryOk)
        return { status: 'ready' as const, database: 'ok' as const, dictionary: 'ok' as const };
      const fields: Record<string, string> = {};
      if (!databaseOk) fields.database = 'error.not-ready';
      if (!dictionaryOk) fields.dictionary = 'error.not-ready';
      return reply.status(503).send({ ...errorBody('error.not-ready'), fields });
    },
  );
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The embedded mode's mailbox: every mail in the outbox, newest first, so a reset can be finished. */
export const devMailRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => {
    const mails = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p>` +
          `<div class="body">${m.html}</div></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
          `<title>Lendo · dev mailbox</title><style>body{font:16px system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#1f2937}` +
          `article{border:1px solid #e5e7eb;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}.meta{color:#4b5563;font-size:.875rem}</style></head>` +
          `<body><h1>Dev mailbox</h1><p>Mail the app has sent (no mail server is configured).</p>` +
          `${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
};

/**
 * End-to-end tests' clock (TEST_CLOCK=1, never in production): moves the server's time forward so
 * that what is due in minutes or days is due now.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{
  clock: ManualClock;
  /** Runs what the new time made due (the sandbox's renewals), before the answer. */
  onAdvance?: () => Promise<void>;
}> = async (app, { clock, onAdvance }) => {
  app.post(
    '/dev/clock/',
    {
      schema: {
        tags: ['system'],
        description: "Advances the server's clock (test clock only) and gives the new time.",
        body: z.object({
          advance_seconds: z
            .number({ error: 'error.required' })
            .int({ error: 'error.invalid-value' })
            .min(0, { error: 'error.invalid-value' })
            .max(10 * 365 * 24 * 60 * 60, { error: 'error.invalid-value' }),
        }),
        response: { 200: z.object({ now: z.string() }), 400: errorResponse },
      },
    },
    async (req) => {
      clock.advance(req.body.advance_seconds * 1000);
      await onAdvance?.();
      return { now: clock.now().toISOString() };
    },
  );
};
