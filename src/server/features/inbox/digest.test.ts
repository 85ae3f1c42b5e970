import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import { getTestApp, settled, type TestApp } from '#server/test/app.ts';
import { addMember } from '#server/test/team.ts';
import { DIGEST_TEMPLATE, sendInboxDigests } from './digest.ts';
import { inboxOwner, seedThread, type InboxOwner } from './inbox.test-helpers.ts';

// The daily inbox digest (docs/decisions/091): to the members who opted in, with the counts and
// the threads waiting longest, only when something waits, and once a day per person.

let t: TestApp;

beforeAll(async () => {
  t = await getTestApp();
});

async function optIn(user: InboxOwner['user'], on: boolean) {
  const res = await user.client.request('/api/account/notifications', {
    method: 'PUT',
    json: { emailOnFailedPost: true, dailyInboxDigest: on },
  });
  expect(res.status, res.text).toBe(200);
}

async function digestsTo(email: string) {
  await settled(t);
  return t.runtime.deps.database.unsafeDb
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, DIGEST_TEMPLATE)));
}

/** 09:00 UTC today: after 08:00 in the businesses' time zone (UTC). */
const morning = () => {
  const d = new Date();
  d.setUTCHours(9, 0, 0, 0);
  return d;
};

describe('the daily digest', () => {
  it('goes once a day to members who opted in, when something waits', async () => {
    const a = await inboxOwner(t, 'Digest Bakery');
    const staff = await addMember(t, a.user, 'staff');
    const quiet = await addMember(t, a.user, 'staff');
    await optIn(a.user, true);
    await optIn(staff, true);
    await seedThread(t, a.tenantId, a.ig, {
      items: [{ direction: 'in', text: 'Are you open today?', minutesAgo: 120 }],
      participant: { name: 'Waiting Walter' },
      unread: 1,
    });
    await seedThread(t, a.tenantId, a.page, {
      items: [
        { direction: 'in', text: 'q', minutesAgo: 60 },
        { direction: 'out', text: 'answered', minutesAgo: 30 },
      ],
    });
    await sendInboxDigests(t.runtime.deps, morning());
    const [mail] = await digestsTo(a.user.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('1 comment or message waiting for a reply');
    expect(mail!.text).toContain('Digest Bakery: 1 thread waiting for a reply, 1 unread');
    expect(mail!.text).toContain('Waiting Walter');
    expect(mail!.text).toContain('/dashboard/social-monitor');
    expect(await digestsTo(staff.email)).toHaveLength(1);
    expect(await digestsTo(quiet.email)).toHaveLength(0);
    // Again the same day: nothing more.
    await sendInboxDigests(t.runtime.deps, morning());
    expect(await digestsTo(a.user.email)).toHaveLength(1);
    expect(await digestsTo(staff.email)).toHaveLength(1);
  });

  it('is not sent when nothing waits, nor before the morning', async () => {
    const b = await inboxOwner(t);
    await optIn(b.user, true);
    await seedThread(t, b.tenantId, b.ig, {
      items: [
        { direction: 'in', text: 'q', minutesAgo: 60 },
        { direction: 'out', text: 'a', minutesAgo: 30 },
      ],
    });
    await sendInboxDigests(t.runtime.deps, morning());
    expect(await digestsTo(b.user.email)).toHaveLength(0);
    const c = await inboxOwner(t);
    await optIn(c.user, true);
    await seedThread(t, c.tenantId, c.ig, {
      items: [{ direction: 'in', text: 'q', minutesAgo: 60 }],
    });
    const early = morning();
    early.setUTCHours(5);
    await sendInboxDigests(t.runtime.deps, early);
    expect(await digestsTo(c.user.email)).toHaveLength(0);
  });
});
