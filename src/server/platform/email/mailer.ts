import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { emailOutbox } from '../db/system.tables.ts';
import type { JobDefinition, JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { RenderedEmail } from './templates.tsx';

// Every e-mail is written to the outbox first and delivered by a job, so a slow or failing SMTP
// server never slows a request and a crash between the two never loses a message. Without
// SMTP_URL the job marks the message "captured" and the development mailbox shows it.

export const sendEmailJob: JobDefinition<{ outboxId: string }> = {
  id: 'email.send-email',
  version: 1,
  payload: z.object({ outboxId: z.uuid() }),
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  pollingIntervalSeconds: 0.5,
};

export interface Mailer {
  send(to: string, template: string, email: RenderedEmail): Promise<string>;
  deliver(outboxId: string): Promise<void>;
}

export function createMailer(options: {
  database: Database;
  jobs: JobQueue;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const { database } = options;
  return {
    async send(to, template, email) {
      const [row] = await database.unsafeDb
        .insert(emailOutbox)
        .values({ to, subject: email.subject, html: email.html, text: email.text, template })
        .returning({ id: emailOutbox.id });
      await options.jobs.send(sendEmailJob, { outboxId: row!.id });
      return row!.id;
    },
    async deliver(outboxId) {
      const [message] = await database.unsafeDb
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, outboxId));
      if (!message || message.status === 'sent' || message.status === 'captured') return;
      if (!transport) {
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
        await transport.sendMail({
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
