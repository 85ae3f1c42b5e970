import { beforeAll, describe, expect, it } from 'vitest';
import type { ResponseTimesReport } from '#shared/contracts/inbox.contract.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { expectOk, inboxOwner, seedThread, type InboxOwner } from './inbox.test-helpers.ts';

// Response times (docs/decisions/091) on known data: a wait starts at the first incoming item
// after our last outgoing one, the first later outgoing item answers it (from the app, by a
// member, or from elsewhere), and the time is the difference of the platform's times.

let t: TestApp;
let a: InboxOwner;

beforeAll(async () => {
  t = await getTestApp();
  a = await inboxOwner(t);
});

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('response times', () => {
  it('are the median, p90 and share within target, overall, per account and per member', async () => {
    const staff = await addMember(t, a.user, 'staff');
    // Instagram: answered in 10 minutes by the owner; a second question in the same wait does
    // not start another; then answered again in 30 minutes from the phone app.
    await seedThread(t, a.tenantId, a.ig, {
      items: [
        { direction: 'in', text: 'q1', minutesAgo: 300 },
        { direction: 'in', text: 'q1 again', minutesAgo: 295 },
        { direction: 'out', text: 'a1', minutesAgo: 290, origin: 'app', sentByUserId: a.tenantId },
        { direction: 'in', text: 'q2', minutesAgo: 200 },
        { direction: 'out', text: 'a2', minutesAgo: 170, origin: 'platform' },
      ],
    });
    // Facebook: answered in 90 minutes by staff; and a question not answered yet.
    await seedThread(t, a.tenantId, a.page, {
      kind: 'conversation',
      items: [
        { direction: 'in', text: 'q3', minutesAgo: 400 },
        {
          direction: 'out',
          text: 'a3',
          minutesAgo: 310,
          origin: 'app',
          sentByUserId: staff.userId,
        },
      ],
    });
    await seedThread(t, a.tenantId, a.page, {
      items: [{ direction: 'in', text: 'q4', minutesAgo: 60 }],
    });
    const report: ResponseTimesReport = await expectOk(
      await a.user.client.request(
        `/api/inbox/response-times?from=${day(-1)}&to=${day(0)}&targetMinutes=60`,
      ),
    );
    expect(report.overall).toMatchObject({
      answered: 3,
      unanswered: 1,
      medianMinutes: 30,
      p90Minutes: 78,
      withinTargetShare: 0.67,
    });
    const byAccount = Object.fromEntries(report.byAccount.map((r) => [r.key, r]));
    expect(byAccount[a.ig.id]).toMatchObject({ answered: 2, unanswered: 0, medianMinutes: 20 });
    expect(byAccount[a.page.id]).toMatchObject({ answered: 1, unanswered: 1, medianMinutes: 90 });
    const byMember = Object.fromEntries(report.byMember.map((r) => [r.key, r]));
    expect(byMember[a.tenantId]).toMatchObject({ answered: 1, medianMinutes: 10 });
    expect(byMember[staff.userId]).toMatchObject({ answered: 1, medianMinutes: 90 });
    expect(byMember['elsewhere']).toMatchObject({ label: 'Elsewhere', medianMinutes: 30 });
    // Another business sees none of it.
    const other = await inboxOwner(t);
    const theirs: ResponseTimesReport = await expectOk(
      await other.user.client.request(`/api/inbox/response-times?from=${day(-1)}&to=${day(0)}`),
    );
    expect(theirs.overall).toMatchObject({ answered: 0, unanswered: 0, medianMinutes: null });
    expect(theirs.byAccount).toEqual([]);
  });

  it('refuses a range that ends before it starts', async () => {
    expectError(
      await a.user.client.request(`/api/inbox/response-times?from=${day(0)}&to=${day(-2)}`),
      400,
      'VALIDATION_ERROR',
    );
  });
});
