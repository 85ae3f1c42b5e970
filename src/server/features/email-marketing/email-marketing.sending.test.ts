import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmailCampaign } from '#shared/contracts/email-marketing.contract.ts';
import { getTestApp, TestClient, type TestApp } from '#server/test/app.ts';
import { testDatabaseKind } from '#server/test/db.ts';
import { audienceContacts } from '../audience/audience.tables.ts';
import { audienceActivities } from '../audience/crm.tables.ts';
import { emailCampaigns, emailRecipients, emailSuppressions } from './email-marketing.tables.ts';
import {
  createDraft,
  emailBusiness,
  seedContacts,
  sendNow,
  tagSegment,
  uniqueTag,
  type EmailBusiness,
  type SeedContact,
} from './email-marketing.test-helpers.ts';
import { decodeBody, startLocalSmtp, type LocalSmtp } from './local-smtp.test-helpers.ts';
import { runSender } from './sender.ts';
import { useSenderSettings } from './sender-settings.ts';

// The sender against a real SMTP server on loopback (docs/decisions/100): who gets a message and
// who never does, the RFC 8058 headers and the one-click POST, refusals and soft bounces, a
// sender stopped in the middle of a message and another resuming, the rate of two sends at once,
// and the click redirect. The app's own job leaves these businesses alone (manual): each test
// runs the sender itself.

let t: TestApp;
let smtp: LocalSmtp;

beforeAll(async () => {
  t = await getTestApp();
  smtp = await startLocalSmtp();
});

afterAll(async () => {
  useSenderSettings(t.runtime.deps, undefined);
  await smtp.close();
});

afterEach(() => {
  smtp.refuse.clear();
  smtp.stallAt = null;
});

const fast = () => ({
  smtpUrl: smtp.url,
  ratePerMinute: 60_000,
  leaseSeconds: 2,
  softRetrySeconds: 0,
});

const addressOf = (label: string) => `${label}.${crypto.randomUUID().slice(0, 6)}@example.com`;

async function campaignTo(contacts: SeedContact[], input: Parameters<typeof createDraft>[1] = {}) {
  useSenderSettings(t.runtime.deps, { ...fast(), manual: true });
  const b = await emailBusiness(t, { businessName: 'Rye Bakery' });
  const tag = uniqueTag();
  const ids = await seedContacts(
    t,
    b.tenantId,
    contacts.map((c) => ({ ...c, tags: [tag] })),
  );
  const segmentId = await tagSegment(b, tag);
  const draft = await createDraft(b, { segmentId, ...input });
  return { b, ids, draft: await sendNow(b, draft) };
}

const mine = (addresses: string[]) => smtp.accepted.filter((m) => addresses.includes(m.to));

async function read(b: EmailBusiness, id: string): Promise<EmailCampaign> {
  return (await b.owner.client.request(`/api/audience/emails/${id}`)).json.data;
}

const unsubscribePath = (headers: Map<string, string>) =>
  new URL(headers.get('list-unsubscribe')!.replace(/^<|>$/g, '')).pathname;

describe('sending to a local SMTP server', () => {
  it('sends one message to each consenting, unsuppressed contact, with the RFC 8058 headers', async () => {
    const pat = addressOf('pat');
    const quinn = addressOf('quinn');
    const noConsent = addressOf('nope');
    const suppressed = addressOf('gone');
    const { b, draft } = await campaignTo([
      { name: 'Pat Doe', email: pat },
      { name: 'Quinn', email: quinn.toUpperCase() },
      { name: 'Ria', email: noConsent, consent: false },
      { name: 'Sam', email: suppressed },
    ]);
    await t.runtime.deps.database.unsafeDb
      .insert(emailSuppressions)
      .values({ userId: b.tenantId, email: suppressed, reason: 'manual' });
    // Suppressed after the send was asked for: still never e-mailed.
    const report = await runSender(t.runtime.deps, b.tenantId);
    expect(report).toMatchObject({ ran: true, sent: 2, refused: 0 });
    expect(mine([pat]).length).toBe(1);
    expect(mine([quinn]).length).toBe(1);
    expect(mine([noConsent, suppressed])).toEqual([]);
    const message = mine([pat])[0]!;
    expect(message.headers.get('subject')).toBe('Hello Pat');
    expect(message.headers.get('from')).toMatch(/^"?Rye Bakery"? <no-reply@socigen\.local>$/);
    expect(message.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(message.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/email\/unsubscribe\/[\w-]+\.[\w-]+>$/,
    );
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(emailRecipients)
      .where(and(eq(emailRecipients.campaignId, draft.id), eq(emailRecipients.email, pat)));
    expect(message.headers.get('message-id')).toBe(row!.messageId);
    expect(decodeBody(message.raw)).toContain('Rye Bakery');
    const done = await read(b, draft.id);
    expect(done).toMatchObject({ status: 'sent' });
    expect(done.figures).toMatchObject({ recipients: 2, sent: 2, queued: 0 });
    // The contacts' timelines say so, written in a batch.
    const activities = await t.runtime.deps.database.unsafeDb
      .select()
      .from(audienceActivities)
      .where(eq(audienceActivities.userId, b.tenantId));
    expect(activities.map((a) => a.data)).toEqual([
      { campaignId: draft.id, campaignName: 'Spring news', event: 'sent' },
      { campaignId: draft.id, campaignName: 'Spring news', event: 'sent' },
    ]);
    // Running again sends nothing more.
    expect((await runSender(t.runtime.deps, b.tenantId)).sent).toBe(0);
    expect(mine([pat, quinn]).length).toBe(2);
  });

  it('unsubscribes by the one-click POST only that person; a GET and a tampered token do not', async () => {
    const pat = addressOf('pat');
    const quinn = addressOf('quinn');
    const { b, ids, draft } = await campaignTo([
      { name: 'Pat', email: pat },
      { name: 'Quinn', email: quinn },
    ]);
    await runSender(t.runtime.deps, b.tenantId);
    const path = unsubscribePath(mine([pat])[0]!.headers);
    const stranger = new TestClient(t.app);
    const page = await stranger.request(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Unsubscribe from Rye Bakery?');
    expect(page.text).toMatch(/p\*+@example\.com/);
    expect(page.text).not.toContain(pat);
    const suppressedNow = () =>
      t.runtime.deps.database.unsafeDb
        .select({ email: emailSuppressions.email, reason: emailSuppressions.reason })
        .from(emailSuppressions)
        .where(eq(emailSuppressions.userId, b.tenantId));
    expect(await suppressedNow()).toEqual([]);
    const tampered = `${path.slice(0, -2)}${path.at(-2) === 'A' ? 'B' : 'A'}${path.slice(-1)}`;
    const forged = await stranger.request(tampered, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
    });
    expect(forged.status).toBe(404);
    expect(await suppressedNow()).toEqual([]);
    const oneClick = await stranger.request(path, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('You are unsubscribed');
    expect(await suppressedNow()).toEqual([{ email: pat, reason: 'unsubscribed' }]);
    const again = await stranger.request(path, { method: 'POST', body: '' });
    expect(again.status).toBe(200);
    const contacts = await t.runtime.deps.database.unsafeDb
      .select({ id: audienceContacts.id, consent: audienceContacts.consent })
      .from(audienceContacts)
      .where(eq(audienceContacts.userId, b.tenantId));
    expect(contacts.find((c) => c.id === ids[0])?.consent).toBe(false);
    expect(contacts.find((c) => c.id === ids[1])?.consent).toBe(true);
    const events = await t.runtime.deps.database.unsafeDb
      .select({ data: audienceActivities.data })
      .from(audienceActivities)
      .where(and(eq(audienceActivities.contactId, ids[0]!)));
    expect(events.filter((e) => (e.data as { event: string }).event === 'unsubscribed')).toEqual([
      { data: { campaignId: draft.id, event: 'unsubscribed' } },
    ]);
    expect((await read(b, draft.id)).figures.unsubscribed).toBe(1);
    expect((await stranger.request(path)).text).toContain('You are unsubscribed');
  });

  it('suppresses an address the server refuses (5xx), and retries a 4xx before a soft bounce', async () => {
    const hard = addressOf('hard');
    const soft = addressOf('soft');
    const fine = addressOf('fine');
    smtp.refuse.set(hard, 550);
    smtp.refuse.set(soft, 450);
    const { b, draft } = await campaignTo([
      { name: 'H', email: hard },
      { name: 'S', email: soft },
      { name: 'F', email: fine },
    ]);
    const report = await runSender(t.runtime.deps, b.tenantId);
    expect(report).toMatchObject({ sent: 1, refused: 1, softBounces: 3 });
    const rows = await t.runtime.deps.database.unsafeDb
      .select()
      .from(emailRecipients)
      .where(eq(emailRecipients.campaignId, draft.id));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get(hard)).toMatchObject({ status: 'refused', bounceKind: 'hard', attempts: 1 });
    expect(byEmail.get(soft)).toMatchObject({ status: 'bounced', bounceKind: 'soft', attempts: 3 });
    expect(byEmail.get(fine)).toMatchObject({ status: 'sent' });
    const suppressions = await t.runtime.deps.database.unsafeDb
      .select({ email: emailSuppressions.email, reason: emailSuppressions.reason })
      .from(emailSuppressions)
      .where(eq(emailSuppressions.userId, b.tenantId));
    expect(suppressions).toEqual([{ email: hard, reason: 'hard_bounce' }]);
    expect((await read(b, draft.id)).figures).toMatchObject({ sent: 1, refused: 1, bounced: 1 });
  });

  it('resumes after a sender stopped in the middle of a message: everyone once, no one twice', async () => {
    const contacts = Array.from({ length: 8 }, (_, i) => ({
      name: `P${i}`,
      email: addressOf(`p${i}`),
    }));
    const { b, draft } = await campaignTo(contacts);
    const before = smtp.arrived;
    smtp.stallAt = before + 4;
    const controller = new AbortController();
    const first = runSender(t.runtime.deps, b.tenantId, { signal: controller.signal });
    await waitFor(async () => smtp.arrived >= before + 4);
    controller.abort();
    await first;
    const stuck = await t.runtime.deps.database.unsafeDb
      .select({ status: emailRecipients.status })
      .from(emailRecipients)
      .where(eq(emailRecipients.campaignId, draft.id));
    expect(stuck.filter((r) => r.status === 'sending').length).toBe(1);
    // Another sender waits for the stopped one's lease and claim to lapse, then finishes.
    smtp.stallAt = null;
    await waitFor(async () => (await runSender(t.runtime.deps, b.tenantId)).ran, 10_000, 250);
    await waitFor(
      async () => (await read(b, draft.id)).status === 'sent',
      10_000,
      250,
      () => runSender(t.runtime.deps, b.tenantId),
    );
    const addresses = contacts.map((c) => c.email);
    const received = mine(addresses);
    for (const address of addresses) {
      expect(received.filter((m) => m.to === address).length, address).toBe(1);
    }
    expect((await read(b, draft.id)).figures).toMatchObject({ sent: 8, queued: 0 });
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'resumes after a sender process killed with SIGKILL in the middle of a message',
    async () => {
      const contacts = Array.from({ length: 8 }, (_, i) => ({
        name: `K${i}`,
        email: addressOf(`k${i}`),
      }));
      const { b, draft } = await campaignTo(contacts);
      smtp.stallAt = smtp.arrived + 5;
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, 'sender-process.test-helpers.ts'),
          t.runtime.deps.database.connectionString!,
          smtp.url,
          b.tenantId,
        ],
        { stdio: 'ignore' },
      );
      const exited = once(child, 'exit');
      await waitFor(async () => smtp.arrived >= smtp.stallAt!, 30_000);
      child.kill('SIGKILL');
      await exited;
      // The killed sender's claim on the stalled message is left behind.
      const claims = await t.runtime.deps.database.unsafeDb
        .select({ status: emailRecipients.status })
        .from(emailRecipients)
        .where(eq(emailRecipients.campaignId, draft.id));
      expect(claims.filter((r) => r.status === 'sending').length).toBe(1);
      smtp.stallAt = null;
      await waitFor(
        async () => (await read(b, draft.id)).status === 'sent',
        15_000,
        250,
        () => runSender(t.runtime.deps, b.tenantId),
      );
      const received = mine(contacts.map((c) => c.email));
      for (const { email } of contacts) {
        expect(received.filter((m) => m.to === email).length, email).toBe(1);
      }
    },
    60_000,
  );

  it('never exceeds the rate with two sends of one business started at once', async () => {
    const first = Array.from({ length: 3 }, (_, i) => ({
      name: `A${i}`,
      email: addressOf(`a${i}`),
    }));
    const { b, draft } = await campaignTo(first);
    const tag = uniqueTag();
    const second = Array.from({ length: 3 }, (_, i) => ({
      name: `B${i}`,
      email: addressOf(`b${i}`),
      tags: [tag],
    }));
    await seedContacts(t, b.tenantId, second);
    const other = await sendNow(b, await createDraft(b, { segmentId: await tagSegment(b, tag) }));
    const rate = { ...fast(), ratePerMinute: 120 };
    const runs = await Promise.all([
      runSender(t.runtime.deps, b.tenantId, rate),
      runSender(t.runtime.deps, b.tenantId, rate),
    ]);
    expect(runs.filter((r) => r.ran).length).toBe(1);
    const times = mine([...first, ...second].map((c) => c.email))
      .map((m) => m.at)
      .sort((x, y) => x - y);
    expect(times.length).toBe(6);
    // 120 a minute: half a second between two messages as the sender hands them over. The
    // server sees each transaction begin once the client has built the message (a few
    // milliseconds either way) and, for the first, once it has connected, which can bring the
    // first closer to the second.
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(250);
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(450);
    expect(times.at(-1)! - times[1]!).toBeGreaterThanOrEqual(4 * 500 - 50);
    expect((await read(b, draft.id)).status).toBe('sent');
    expect((await read(b, other.id)).status).toBe('sent');
  });

  it('redirects a click to the campaign’s own link only, and counts it', async () => {
    const pat = addressOf('pat');
    const { b, draft } = await campaignTo([{ name: 'Pat', email: pat }], {
      body: 'See [the menu](https://rye.example/menu) and https://rye.example/hours.',
      clickTracking: true,
    });
    await runSender(t.runtime.deps, b.tenantId);
    const body = decodeBody(mine([pat])[0]!.raw);
    expect(body).not.toContain('href="https://rye.example/menu"');
    const clicks = [
      ...body.matchAll(/http:\/\/localhost:3000(\/email\/click\/[\w-]+\.[\w-]+)/g),
    ].map((m) => m[1]!);
    expect(new Set(clicks).size).toBe(2);
    const stranger = new TestClient(t.app);
    const [menu, hours] = [...new Set(clicks)];
    const res = await stranger.request(menu!);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://rye.example/menu');
    expect((await stranger.request(hours!)).headers.get('location')).toBe(
      'https://rye.example/hours',
    );
    await stranger.request(menu!);
    expect((await stranger.request(`${menu!.slice(0, -1)}x`)).status).toBe(404);
    expect((await stranger.request('/email/click/anything')).status).toBe(404);
    // An unsubscribe token is no click token.
    const unsubscribe = unsubscribePath(mine([pat])[0]!.headers)
      .split('/')
      .pop();
    expect((await stranger.request(`/email/click/${unsubscribe}`)).status).toBe(404);
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(emailRecipients)
      .where(eq(emailRecipients.campaignId, draft.id));
    expect(row).toMatchObject({ clicks: 3 });
    expect(row!.firstClickAt).not.toBeNull();
    const [campaign] = await t.runtime.deps.database.unsafeDb
      .select({ links: emailCampaigns.links })
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, draft.id));
    expect(campaign!.links).toEqual(['https://rye.example/menu', 'https://rye.example/hours']);
    expect((await read(b, draft.id)).figures).toMatchObject({ clicked: 1, clicks: 3 });
  });

  it('keeps the figures of a deleted contact and forgets the person', async () => {
    const pat = addressOf('pat');
    const { b, ids, draft } = await campaignTo([{ name: 'Pat', email: pat }]);
    await runSender(t.runtime.deps, b.tenantId);
    const res = await b.owner.client.request(`/api/audience/contacts/${ids[0]}`, {
      method: 'DELETE',
    });
    expect(res.status, res.text).toBe(200);
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(emailRecipients)
      .where(eq(emailRecipients.campaignId, draft.id));
    expect(row).toMatchObject({ contactId: null, email: null, name: null, status: 'sent' });
    expect((await read(b, draft.id)).figures.sent).toBe(1);
  });
});

async function waitFor<T>(
  check: () => Promise<T | null | false>,
  timeoutMs = 10_000,
  everyMs = 50,
  between?: () => Promise<unknown>,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    await between?.();
  }
}
