import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSender } from '#server/features/email-marketing/sender.ts';
import {
  startLocalSmtp,
  type LocalSmtp,
} from '#server/features/email-marketing/local-smtp.test-helpers.ts';
import { renderCampaignEmail } from '#server/features/email-marketing/render.ts';
import type { Database } from '#server/platform/db/client.ts';
import { createSmtpTransport } from '#server/platform/email/smtp-transport.ts';
import { loadEnv } from '#server/platform/env.ts';
import { createRuntime } from '#server/runtime.ts';
import { log, onScratchPglite, onScratchPostgres, round, table, type BenchConfig } from './lib.ts';

// E-mail marketing's sender (docs/decisions/100) against the physical limit of the same SMTP
// server in the same run: one business with FULL contacts that have an address and consent, one
// campaign e-mail to all of them, sent by runSender at a rate set far above what it reaches, to a
// local smtp-server that counts what it accepts; then a bare nodemailer client (the same pooled
// transport, one connection) sending as many messages of the same size to the same server, one
// after another. The sender's figure includes writing the recipients (one statement), claiming
// each recipient in its own committed statement before the SMTP transaction, recording each
// answer, and the contacts' timeline rows in batches. Reported: messages per second of each and
// their ratio, on PGlite and, when reachable, PostgreSQL.

const FULL = 10_000;
const BUSINESS = '0e5d6c7b-8a9f-4e1d-9c2b-3a4f5e6d7c8b';
const SEGMENT = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9';
const CAMPAIGN = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const BODY =
  'Hello {{firstName|there}},\n\nOur spring loaves are out: rye, spelt and a **new** sourdough. ' +
  'See them at https://bakery.example/spring.\n\nSee you soon,\nThe bakery';

export interface EmailSendingTargetResult {
  target: 'pglite' | 'postgres';
  skipped?: string;
  location?: string;
  messages?: number;
  /** Accepted by the server from our sender. */
  accepted?: number;
  senderS?: number;
  senderPerS?: number;
  bareS?: number;
  barePerS?: number;
  /** sender ÷ bare. */
  ratio?: number;
}

export interface EmailSendingResult {
  name: 'email-sending';
  results: EmailSendingTargetResult[];
}

async function seed(database: Database, contacts: number): Promise<void> {
  await database.query(
    `insert into auth.users (id, email, password_hash, email_confirmed_at)
       values ($1, 'bench-email@example.com', null, now())`,
    [BUSINESS],
  );
  await database.query(
    `insert into public.profiles (id, full_name, settings)
       values ($1, 'Bakery Owner', '{"status":"active"}'::jsonb)`,
    [BUSINESS],
  );
  await database.query(
    `insert into public.business_profiles (user_id, business_name) values ($1, 'Bench Bakery')`,
    [BUSINESS],
  );
  await database.query(
    `insert into public.audience_contacts (user_id, name, email, consent, consent_source, source)
       select $1, 'Contact ' || g, 'c' || g || '@example.com', true, 'bench', 'import'
       from generate_series(1, $2::int) g`,
    [BUSINESS, contacts],
  );
  await database.query(
    `insert into public.audience_segments (id, user_id, name, rule)
       values ($1, $2, 'Everyone', '{"op":"and","children":[]}'::jsonb)`,
    [SEGMENT, BUSINESS],
  );
  await database.query(
    `insert into public.email_campaigns (id, user_id, name, subject, preheader, body, segment_id,
       status, send_at)
     values ($1, $2, 'Spring', 'Spring loaves for {{firstName|you}}', 'Fresh this week', $3, $4,
       'sending', now())`,
    [CAMPAIGN, BUSINESS, BODY, SEGMENT],
  );
  await database.query('vacuum analyze public.audience_contacts');
}

/** The bare client: the same transport, one message after another, each of the same size. */
async function bareClient(smtp: LocalSmtp, messages: number): Promise<number> {
  const transport = await createSmtpTransport(smtp.url, { pooled: true, socketTimeoutMs: 60_000 });
  const sample = renderCampaignEmail(
    { subject: 'Spring loaves for {{firstName|you}}', preheader: 'Fresh this week', body: BODY },
    {
      values: { firstName: 'Contact' },
      businessName: 'Bench Bakery',
      unsubscribeUrl: 'http://localhost:3000/email/unsubscribe/x',
    },
  );
  const t0 = performance.now();
  try {
    for (let i = 1; i <= messages; i += 1) {
      await transport.sendMail({
        from: { name: 'Bench Bakery', address: 'no-reply@socigen.local' },
        to: `c${i}@example.com`,
        subject: sample.subject,
        html: sample.html,
        text: sample.text,
        messageId: `<bare-${i}@socigen.local>`,
        headers: {
          'List-Unsubscribe': '<http://localhost:3000/email/unsubscribe/x>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    }
  } finally {
    transport.close();
  }
  return (performance.now() - t0) / 1000;
}

async function runTarget(
  target: 'pglite' | 'postgres',
  database: Database,
  location: string,
  messages: number,
): Promise<EmailSendingTargetResult> {
  log(`[${target}] seeding ${messages} contacts with consent ...`);
  await seed(database, messages);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-email-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    APP_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    DEV_MAILBOX: '0',
  });
  const runtime = await createRuntime(env, { database });
  const smtp = await startLocalSmtp();
  smtp.countOnly = true;
  try {
    log(`[${target}] our sender ...`);
    const t0 = performance.now();
    const report = await runSender(runtime.deps, BUSINESS, {
      smtpUrl: smtp.url,
      ratePerMinute: 100_000,
    });
    const senderS = (performance.now() - t0) / 1000;
    const accepted = smtp.acceptedCount;
    if (report.sent !== messages || accepted !== messages) {
      throw new Error(`sent ${report.sent}, accepted ${accepted}, expected ${messages}`);
    }
    log(`[${target}] bare nodemailer client ...`);
    const bareS = await bareClient(smtp, messages);
    const senderPerS = round(messages / senderS, 1);
    const barePerS = round(messages / bareS, 1);
    return {
      target,
      location,
      messages,
      accepted,
      senderS: round(senderS, 1),
      senderPerS,
      bareS: round(bareS, 1),
      barePerS,
      ratio: round(senderPerS / barePerS),
    };
  } finally {
    await smtp.close();
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function emailSending(config: BenchConfig): Promise<EmailSendingResult> {
  const messages = Math.max(200, Math.round(FULL * config.scale));
  const pglite = await onScratchPglite('email-sending-db', (database, where) =>
    runTarget('pglite', database, where, messages),
  );
  const postgres = await onScratchPostgres(config.postgresAdminUrl, (database, where) =>
    runTarget('postgres', database, where, messages),
  );
  return {
    name: 'email-sending',
    results: [
      pglite,
      'skipped' in postgres ? { target: 'postgres', skipped: postgres.skipped } : postgres,
    ],
  };
}

export function printEmailSending(result: EmailSendingResult): string {
  const out = [
    'one campaign e-mail to every contact of a business, through a local SMTP server: our sender ' +
      '(recipients written, each claimed before its SMTP transaction and answered after, the ' +
      'rate set above what it reaches) against a bare nodemailer client sending as many messages ' +
      'over the same pooled transport in the same run',
  ];
  const rows: Array<Array<string | number>> = [
    ['target', 'messages', 'sender s', 'sender msg/s', 'bare s', 'bare msg/s', 'sender ÷ bare'],
  ];
  for (const r of result.results) {
    if (r.skipped) {
      out.push(`[${r.target}] ${r.skipped}`);
      continue;
    }
    rows.push([r.target, r.messages!, r.senderS!, r.senderPerS!, r.bareS!, r.barePerS!, r.ratio!]);
  }
  out.push(table(rows));
  return out.join('\n');
}
