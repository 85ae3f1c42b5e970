import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { emailOutbox } from '../db/system.tables.ts';
import { createMailer, sendEmailJob } from './mailer.ts';
import { emailTemplates } from './templates.tsx';

// The SMTP path against a real SMTP server on loopback: what production does with SMTP_URL.
let t: TestApp;
let server: SMTPServer;
let port: number;
const received: { from: string; to: string[]; raw: string }[] = [];

beforeAll(async () => {
  t = await getTestApp();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function queuedMessage(to: string) {
  const email = emailTemplates.resetPassword({
    url: 'http://localhost:3000/reset-password?token=abc',
  });
  const [row] = await t.runtime.deps.database.unsafeDb
    .insert(emailOutbox)
    .values({
      to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      template: 'resetPassword',
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

describe('mailer over SMTP', () => {
  it('delivers an outbox message to the SMTP server and marks it sent, once', async () => {
    const mailer = createMailer({
      database: t.runtime.deps.database,
      jobs: t.runtime.deps.jobs,
      logger: t.runtime.deps.logger,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Soci Gen <no-reply@socigen.test>',
    });
    const to = `smtp.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await queuedMessage(to);
    await mailer.deliver(id);
    await mailer.deliver(id);
    const mine = received.filter((m) => m.to.includes(to));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.from).toBe('no-reply@socigen.test');
    expect(mine[0]!.raw).toContain('Subject: Reset your Soci Gen password');
    // Undo quoted-printable: soft line breaks and '=' written as '=3D'.
    const body = mine[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('reset-password?token=abc');
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', error: null });
  });

  it('keeps the message and its error when the server cannot be reached, so the job retries', async () => {
    const mailer = createMailer({
      database: t.runtime.deps.database,
      jobs: t.runtime.deps.jobs,
      logger: t.runtime.deps.logger,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Soci Gen <no-reply@socigen.test>',
    });
    const id = await queuedMessage(`down.${crypto.randomUUID().slice(0, 8)}@example.com`);
    await expect(mailer.deliver(id)).rejects.toThrow();
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('queued');
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('outbox sweep', () => {
  it('queues a message whose job was never sent, and it is delivered', async () => {
    const to = `lost.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await queuedMessage(to);
    // As if the process died between writing the row and queueing its job.
    await t.runtime.deps.database.unsafeDb.execute(
      sql`update system.email_outbox set created_at = now() - interval '5 minutes' where id = ${id}`,
    );
    expect(await t.runtime.deps.mailer.sweep()).toBeGreaterThanOrEqual(1);
    const jobsOf = async () =>
      (
        await t.runtime.deps.database.query<{ state: string }>(
          'select state from pgboss.job where singleton_key = $1',
          [id],
        )
      ).rows;
    expect(await jobsOf()).toHaveLength(1);
    // A second sweep finds the job pending and queues nothing more.
    await t.runtime.deps.mailer.sweep();
    expect(await jobsOf()).toHaveLength(1);
    // What the job runs (the send-email handler): the message goes. Waiting for the background
    // worker instead made this test depend on how soon a loaded CI machine polls the queue.
    await t.runtime.deps.mailer.deliver(id);
    const [row] = await t.runtime.deps.database.unsafeDb
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('captured');
  });

  it('never queues a second job for a message that already has one pending', async () => {
    const id = crypto.randomUUID();
    const later = new Date(Date.now() + 60_000);
    const first = await t.runtime.deps.jobs.send(
      sendEmailJob,
      { outboxId: id },
      { singletonKey: id, startAfter: later },
    );
    const second = await t.runtime.deps.jobs.send(
      sendEmailJob,
      { outboxId: id },
      { singletonKey: id, startAfter: later },
    );
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
  });
});
