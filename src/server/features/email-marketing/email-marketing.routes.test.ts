import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmailCampaign } from '#shared/contracts/email-marketing.contract.ts';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import { getTestApp, latestEmailTo, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { emailCampaigns, emailRecipients, emailSuppressions } from './email-marketing.tables.ts';
import {
  createDraft,
  emailBusiness,
  seedContacts,
  sendNow,
  tagSegment,
  uniqueTag,
  type EmailBusiness,
} from './email-marketing.test-helpers.ts';
import { useSenderSettings } from './sender-settings.ts';
import { queueDueSending } from './sending.jobs.ts';

// Campaign e-mails through the app (docs/decisions/100): drafts and their versions, the add-on
// gate, what a viewer and another business get, the composer's preview and reach, the refusals
// of a send, cancelling, the test message, and the suppression list.

let t: TestApp;

beforeAll(async () => {
  t = await getTestApp();
});

afterEach(() => useSenderSettings(t.runtime.deps, undefined));

const api = '/api/audience/emails';

async function readyToSend(b: EmailBusiness, body?: string) {
  const tag = uniqueTag();
  await seedContacts(t, b.tenantId, [
    { name: 'Pat Doe', email: 'pat@example.com', tags: [tag] },
    { name: 'Quinn', email: 'quinn@example.com', tags: [tag] },
  ]);
  const segmentId = await tagSegment(b, tag);
  return createDraft(b, { segmentId, ...(body ? { body } : {}) });
}

describe('drafts', () => {
  it('are made, listed with figures, read, changed on their version and deleted', async () => {
    const b = await emailBusiness(t);
    const draft = await createDraft(b, { name: '  Spring news  ' });
    expect(draft).toMatchObject({
      name: 'Spring news',
      status: 'draft',
      version: 1,
      segmentId: null,
      segmentName: null,
      figures: { recipients: 0, sent: 0, clicks: 0 },
    });
    const listed = await b.owner.client.request(api);
    expect(listed.json.data).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(listed.json.data.items[0].id).toBe(draft.id);
    const tag = uniqueTag();
    const segmentId = await tagSegment(b, tag);
    const changed = await b.owner.client.request(`${api}/${draft.id}`, {
      method: 'PATCH',
      json: {
        name: 'Spring',
        subject: 'New',
        preheader: '',
        body: 'Hello',
        segmentId,
        clickTracking: true,
        version: 1,
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.data).toMatchObject({
      name: 'Spring',
      version: 2,
      segmentId,
      segmentName: `Tagged ${tag}`,
      clickTracking: true,
    });
    expect((await b.owner.client.request(`${api}/${draft.id}`)).json.data.subject).toBe('New');
    const removed = await b.owner.client.request(`${api}/${draft.id}`, { method: 'DELETE' });
    expect(removed.json.data).toEqual({ id: draft.id });
    expectError(await b.owner.client.request(`${api}/${draft.id}`), 404, 'NOT_FOUND');
  });

  it('refuses a change made on an older version, with the current one', async () => {
    const b = await emailBusiness(t);
    const draft = await createDraft(b);
    const input = {
      name: 'A',
      subject: 'S',
      preheader: '',
      body: 'B',
      segmentId: null,
      clickTracking: false,
    };
    await b.owner.client.request(`${api}/${draft.id}`, {
      method: 'PATCH',
      json: { ...input, version: 1 },
    });
    const stale = await b.owner.client.request(`${api}/${draft.id}`, {
      method: 'PATCH',
      json: { ...input, name: 'Mine', version: 1 },
    });
    expectError(stale, 409, 'WORKFLOW_STATE_INVALID');
    expect(stale.json.error).toMatch(/Someone else changed this e-mail/);
    expect((await b.owner.client.request(`${api}/${draft.id}`)).json.data.name).toBe('A');
  });

  it('refuses bad input on its fields, and a segment of another business', async () => {
    const b = await emailBusiness(t);
    const other = await emailBusiness(t);
    const foreign = await tagSegment(other, uniqueTag());
    const bad = await b.owner.client.request(api, {
      json: {
        name: '',
        subject: 'x'.repeat(201),
        preheader: '',
        body: '',
        segmentId: 'nope',
        clickTracking: 'yes',
      },
    });
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(Object.keys(bad.json.metadata.fieldErrors)).toEqual(
      expect.arrayContaining(['name', 'subject', 'segmentId', 'clickTracking']),
    );
    const res = await b.owner.client.request(api, {
      json: {
        name: 'X',
        subject: '',
        preheader: '',
        body: '',
        segmentId: foreign,
        clickTracking: false,
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({ segmentId: 'Choose one of your segments' });
    expectError(await b.owner.client.request(`${api}/not-a-uuid`), 400, 'VALIDATION_ERROR');
  });
});

describe('who may', () => {
  it('answers FEATURE_NOT_AVAILABLE without the e-mail add-on, on every route', async () => {
    const b = await emailBusiness(t, { addon: false });
    expectError(await b.owner.client.request(api), 403, 'FEATURE_NOT_AVAILABLE');
    expectError(
      await b.owner.client.request(api, { json: { name: '' } }),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
    expectError(
      await b.owner.client.request('/api/audience/suppressions'),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
    expectError(
      await b.owner.client.request(`${api}/preview`, {
        json: { subject: '', preheader: '', body: '' },
      }),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
  });

  it('lets a viewer read, and refuses their changes before reading them', async () => {
    const b = await emailBusiness(t);
    const draft = await createDraft(b);
    const viewer = await addMember(t, b.owner, 'viewer');
    expect((await viewer.client.request(api)).json.data.total).toBe(1);
    expectError(await viewer.client.request(api, { json: { name: '' } }), 403, 'FORBIDDEN');
    expectError(
      await viewer.client.request(`${api}/${draft.id}`, { method: 'PATCH', json: {} }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request(`${api}/${draft.id}`, { method: 'DELETE' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request(`${api}/${draft.id}/send`, {
        json: { sendAt: null, version: 1 },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request(`${api}/${draft.id}/test`, { method: 'POST' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request('/api/audience/suppressions', { json: { email: 'x' } }),
      403,
      'FORBIDDEN',
    );
  });

  it("gives another business a 404 for a business's e-mail", async () => {
    const b = await emailBusiness(t);
    const other = await emailBusiness(t);
    const draft = await createDraft(b);
    expectError(await other.owner.client.request(`${api}/${draft.id}`), 404, 'NOT_FOUND');
    expectError(
      await other.owner.client.request(`${api}/${draft.id}`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await other.owner.client.request(`${api}/${draft.id}/send`, {
        json: { sendAt: null, version: 1 },
      }),
      404,
      'NOT_FOUND',
    );
    expect((await other.owner.client.request(api)).json.data.total).toBe(0);
  });
});

describe('the composer', () => {
  it('previews with merge fields, their fallbacks, and the unknown ones pointed out', async () => {
    const b = await emailBusiness(t, { businessName: 'Rye <Bakery>' });
    const input = {
      subject: 'Hi {{firstName|there}}',
      preheader: 'From {{location|our town}}',
      body: 'Dear {{name|friend}}, **new** loaves {{nickname}}.\n\nSee [our menu](https://rye.example/menu) or https://rye.example/.\n<script>x</script>',
    };
    const blank = await b.owner.client.request(`${api}/preview`, { json: input });
    expect(blank.status, blank.text).toBe(200);
    expect(blank.json.data).toMatchObject({
      subject: 'Hi there',
      preheader: 'From our town',
      unknownFields: ['nickname'],
    });
    const html: string = blank.json.data.html;
    expect(html).toContain('Dear friend, <strong>new</strong> loaves {{nickname}}.');
    expect(html).toContain('<a href="https://rye.example/menu"');
    expect(html).toContain('>https://rye.example/</a>.');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Rye &lt;Bakery&gt;');
    expect(blank.json.data.text).toContain('our menu (https://rye.example/menu)');
    const [contactId] = await seedContacts(t, b.tenantId, [
      { name: 'Pat Doe', email: 'pat@example.com', location: 'Lyon' },
    ]);
    const merged = await b.owner.client.request(`${api}/preview`, {
      json: { ...input, contactId },
    });
    expect(merged.json.data).toMatchObject({ subject: 'Hi Pat', preheader: 'From Lyon' });
    expect(merged.json.data.html).toContain('Dear Pat Doe,');
    const other = await emailBusiness(t);
    expectError(
      await other.owner.client.request(`${api}/preview`, { json: { ...input, contactId } }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('counts the reach of a segment: with an address, consent, not suppressed', async () => {
    const b = await emailBusiness(t);
    const tag = uniqueTag();
    await seedContacts(t, b.tenantId, [
      { email: 'a@example.com', tags: [tag] },
      { email: 'B@example.com', tags: [tag] },
      { email: 'c@example.com', tags: [tag], consent: false },
      { email: null, tags: [tag] },
      { email: 'd@example.com', tags: ['other'] },
    ]);
    await b.owner.client.request('/api/audience/suppressions', {
      json: { email: 'b@example.com' },
    });
    const segmentId = await tagSegment(b, tag);
    const reach = await b.owner.client.request(`${api}/reach?segmentId=${segmentId}`);
    expect(reach.json.data).toEqual({
      inSegment: 4,
      withEmail: 3,
      withConsent: 2,
      suppressed: 1,
      reachable: 1,
    });
    expectError(
      await b.owner.client.request(`${api}/reach?segmentId=${crypto.randomUUID()}`),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await b.owner.client.request(`${api}/reach`), 400, 'VALIDATION_ERROR');
  });

  it("sends a test to the person's own address, marked [Test], a few an hour", async () => {
    const b = await emailBusiness(t);
    const draft = await createDraft(b);
    const res = await b.owner.client.request(`${api}/${draft.id}/test`, { method: 'POST' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({ to: b.owner.email });
    const mail = await latestEmailTo(t, b.owner.email);
    expect(mail?.subject).toBe('[Test] Hello there');
    let last = res.status;
    for (let i = 0; i < 12 && last === 200; i += 1) {
      last = (await b.owner.client.request(`${api}/${draft.id}/test`, { method: 'POST' })).status;
    }
    expect(last).toBe(429);
  });
});

describe('sending', () => {
  it('refuses a past time, a missing segment, an unknown merge field, and nobody to reach', async () => {
    const b = await emailBusiness(t);
    const noSegment = await createDraft(b);
    const past = await b.owner.client.request(`${api}/${noSegment.id}/send`, {
      json: { sendAt: new Date(Date.now() - 60_000).toISOString(), version: 1 },
    });
    expectError(past, 400, 'VALIDATION_ERROR');
    expect(past.json.metadata.fieldErrors).toMatchObject({
      sendAt: 'Choose a time in the future',
      segmentId: 'Choose a segment',
    });
    const unknown = await readyToSend(b, 'Hi {{nickname}}');
    const refused = await b.owner.client.request(`${api}/${unknown.id}/send`, {
      json: { sendAt: null, version: 1 },
    });
    expectError(refused, 400, 'VALIDATION_ERROR');
    expect(refused.json.metadata.fieldErrors).toEqual({
      body: 'Unknown merge field: {{nickname}}',
    });
    const nobody = await createDraft(b, { segmentId: await tagSegment(b, uniqueTag()) });
    const empty = await b.owner.client.request(`${api}/${nobody.id}/send`, {
      json: { sendAt: null, version: 1 },
    });
    expectError(empty, 400, 'VALIDATION_ERROR');
    expect(empty.json.metadata.fieldErrors.segmentId).toMatch(/No contact/);
    expectError(
      await b.owner.client.request(`${api}/${nobody.id}/send`, {
        json: { sendAt: 'tomorrow', version: 1 },
      }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('schedules for later, and cancelling makes it a draft again', async () => {
    const b = await emailBusiness(t);
    const draft = await readyToSend(b);
    const sendAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await b.owner.client.request(`${api}/${draft.id}/send`, {
      json: { sendAt, version: 1 },
    });
    expect(res.json.data).toMatchObject({ status: 'scheduled', version: 2 });
    expect(Date.parse(res.json.data.sendAt)).toBe(Date.parse(sendAt));
    expectError(
      await b.owner.client.request(`${api}/${draft.id}`, { method: 'DELETE' }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
    const cancelled = await b.owner.client.request(`${api}/${draft.id}/cancel`, { method: 'POST' });
    expect(cancelled.json.data).toMatchObject({ status: 'draft', sendAt: null, version: 3 });
    expectError(
      await b.owner.client.request(`${api}/${draft.id}/cancel`, { method: 'POST' }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
  });

  it('sends a scheduled e-mail once it falls due, queued by the chore', async () => {
    const b = await emailBusiness(t);
    const draft = await readyToSend(b);
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    await b.owner.client.request(`${api}/${draft.id}/send`, { json: { sendAt, version: 1 } });
    expect(await queueDueSending(t.runtime.deps)).toBeGreaterThanOrEqual(0);
    expect((await b.owner.client.request(`${api}/${draft.id}`)).json.data.status).toBe('scheduled');
    // An hour passes.
    await t.runtime.deps.database.unsafeDb
      .update(emailCampaigns)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(emailCampaigns.id, draft.id));
    await queueDueSending(t.runtime.deps);
    const done = await waitFor(async () => {
      const res = await b.owner.client.request(`${api}/${draft.id}`);
      return res.json.data.status === 'sent' ? (res.json.data as EmailCampaign) : null;
    });
    expect(done.figures).toMatchObject({ recipients: 2, sent: 2 });
    expect(done.startedAt).not.toBeNull();
  });

  it('cancels one being sent: the queued recipients are skipped', async () => {
    useSenderSettings(t.runtime.deps, { manual: true });
    const b = await emailBusiness(t);
    const draft = await readyToSend(b);
    await sendNow(b, draft);
    const { runSender } = await import('./sender.ts');
    // One message goes out, the next waits three seconds for its turn: the rate is 20 a minute.
    const first = runSender(t.runtime.deps, b.tenantId, { ratePerMinute: 20, smtpUrl: undefined });
    await waitFor(async () => (await recipientsOf(draft.id)).some((r) => r.status === 'sent'));
    const cancelled = await b.owner.client.request(`${api}/${draft.id}/cancel`, { method: 'POST' });
    expect(cancelled.json.data.status).toBe('cancelled');
    await first;
    const rows = await recipientsOf(draft.id);
    expect(rows.filter((r) => r.status === 'skipped' && r.reason === 'cancelled').length).toBe(1);
    expect(rows.filter((r) => r.status === 'sent').length).toBe(1);
  });

  it('without SMTP keeps every message in the outbox, counts it sent, and finishes', async () => {
    const b = await emailBusiness(t);
    const draft = await readyToSend(b);
    const sending = await sendNow(b, draft);
    expect(sending.status).toBe('sending');
    const done = await waitFor(async () => {
      const res = await b.owner.client.request(`${api}/${draft.id}`);
      return res.json.data.status === 'sent' ? (res.json.data as EmailCampaign) : null;
    });
    expect(done.figures).toMatchObject({ recipients: 2, sent: 2, queued: 0 });
    const [mail] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to, 'pat@example.com'), eq(emailOutbox.template, 'email-marketing')),
      )
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail).toMatchObject({ status: 'captured', subject: 'Hello Pat' });
    expect(mail!.text).toContain('/email/unsubscribe/');
  });
});

describe('the suppression list', () => {
  it('takes addresses by hand, lists them, and lets the owner remove only those', async () => {
    const b = await emailBusiness(t);
    const added = await b.owner.client.request('/api/audience/suppressions', {
      json: { email: 'Someone@Example.com' },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.data).toMatchObject({ email: 'someone@example.com', reason: 'manual' });
    await t.runtime.deps.database.unsafeDb
      .insert(emailSuppressions)
      .values({ userId: b.tenantId, email: 'gone@example.com', reason: 'unsubscribed' });
    const list = await b.owner.client.request('/api/audience/suppressions');
    expect(list.json.data.total).toBe(2);
    const staff = await addMember(t, b.owner, 'staff');
    expectError(
      await staff.client.request('/api/audience/suppressions/someone%40example.com', {
        method: 'DELETE',
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await b.owner.client.request('/api/audience/suppressions/gone%40example.com', {
        method: 'DELETE',
      }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
    const removed = await b.owner.client.request(
      '/api/audience/suppressions/someone%40example.com',
      {
        method: 'DELETE',
      },
    );
    expect(removed.json.data).toEqual({ email: 'someone@example.com' });
    expectError(
      await b.owner.client.request('/api/audience/suppressions', { json: { email: 'nope' } }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

async function recipientsOf(campaignId: string) {
  return t.runtime.deps.database.unsafeDb
    .select()
    .from(emailRecipients)
    .where(eq(emailRecipients.campaignId, campaignId));
}

async function waitFor<T>(check: () => Promise<T | null | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
