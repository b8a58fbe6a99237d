import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Every mail is written to the outbox first; with SMTP configured it is then delivered in the
 * background, so a request never waits on (or reveals anything through) the mail server.
 */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function deliver(id: string, mail: Mail) {
    if (!transport) return;
    try {
      await transport.sendMail({ from: options.from, ...mail });
      await options.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (err) {
      options.log.error({ err, to: mail.to }, 'mail delivery failed');
      await options.db
        .update(mailOutbox)
        .set({ error: String(err) })
        .where(eq(mailOutbox.id, id))
        .catch(() => undefined);
    }
  }

  return {
    async send(mail: Mail): Promise<void> {
      const [row] = await options.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      options.log.info(
        { to: mail.to, subject: mail.subject, delivery: transport ? 'smtp' : 'outbox' },
        'mail queued',
      );
      const job = deliver(row!.id, mail).finally(() => pending.delete(job));
      pending.add(job);
    },
    /** Waits for deliveries in flight (graceful shutdown). */
    async flush(): Promise<void> {
      await Promise.all(pending);
      transport?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
