import { and, eq, gt, lt } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { emailOutbox } from '../db/system.tables.ts';
import type { JobDefinition, JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { createSmtpTransport } from './smtp-transport.ts';
import type { RenderedEmail } from './templates.tsx';

// Every e-mail is written to the outbox first and delivered by a job, so a slow or failing SMTP
// server never slows a request. If the process dies between writing the row and queueing its
// job, the sweep queues it later; the queue's policy keeps one pending job per message, so the
// sweep never doubles one. Without SMTP_URL the job marks the message "captured" and the
// development mailbox shows it.

export const sendEmailJob: JobDefinition<{ outboxId: string }> = {
  id: 'email.send-email',
  // v2: the stately policy (one pending job per message).
  version: 2,
  payload: z.object({ outboxId: z.uuid() }),
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  pollingIntervalSeconds: 0.5,
  policy: 'stately',
};

/** Messages still queued this long after they were written have lost their job, or failed it. */
export const OUTBOX_SWEEP_AFTER_SECONDS = 60;
/** After a day a message is given up on; its last error stays on the row. */
export const OUTBOX_GIVE_UP_AFTER_SECONDS = 86_400;

export interface Mailer {
  send(to: string, template: string, email: RenderedEmail): Promise<string>;
  deliver(outboxId: string): Promise<void>;
  /** Queues a job for every message that is still waiting; returns how many were queued. */
  sweep(): Promise<number>;
}

export function createMailer(options: {
  database: Database;
  jobs: JobQueue;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  const { database, smtpUrl } = options;
  // nodemailer is loaded only with SMTP_URL, by the first message to deliver (decision 019).
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) => (transport ??= createSmtpTransport(url));
  return {
    async send(to, template, email) {
      const [row] = await database.unsafeDb
        .insert(emailOutbox)
        .values({ to, subject: email.subject, html: email.html, text: email.text, template })
        .returning({ id: emailOutbox.id });
      await options.jobs.send(sendEmailJob, { outboxId: row!.id }, { singletonKey: row!.id });
      return row!.id;
    },
    async sweep() {
      const waiting = await database.unsafeDb
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.status, 'queued'),
            lt(emailOutbox.createdAt, new Date(Date.now() - OUTBOX_SWEEP_AFTER_SECONDS * 1000)),
            gt(emailOutbox.createdAt, new Date(Date.now() - OUTBOX_GIVE_UP_AFTER_SECONDS * 1000)),
          ),
        )
        .limit(500);
      let queued = 0;
      for (const { id } of waiting) {
        if (await options.jobs.send(sendEmailJob, { outboxId: id }, { singletonKey: id }))
          queued += 1;
      }
      return queued;
    },
    async deliver(outboxId) {
      const [message] = await database.unsafeDb
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, outboxId));
      if (!message || message.status === 'sent' || message.status === 'captured') return;
      if (!smtpUrl) {
        await database.unsafeDb
          .update(emailOutbox)
          .set({ status: 'captured', sentAt: new Date() })
          .where(eq(emailOutbox.id, outboxId));
        options.logger.info(
          { outboxId, to: message.to, template: message.template },
          'e-mail captured in the outbox',
        );
        return;
      }
      try {
        const transporter = await smtp(smtpUrl);
        await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
        });
        await database.unsafeDb
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), error: null })
          .where(eq(emailOutbox.id, outboxId));
      } catch (error) {
        await database.unsafeDb
          .update(emailOutbox)
          .set({ error: (error as Error).message })
          .where(eq(emailOutbox.id, outboxId));
        throw error;
      }
    },
  };
}
