import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors/index.ts';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import { getTestApp, uniqueEmail, type TestApp } from '#server/test/app.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { analyticsReports } from './analytics.tables.ts';
import { REPORT_TEMPLATE } from './reports.jobs.ts';
import { nextSendAt } from './reports.schedule.ts';
import {
  createReport,
  deleteReport,
  listReports,
  sendReportNow,
  updateReport,
} from './reports.service.ts';
import {
  fieldErrorsOf,
  recordingFigures,
  refusedWith,
  reportsBusiness,
  type ReportsBusiness,
} from './reports.test-helpers.ts';

// Scheduled analytics reports (docs/decisions/092): every member lists them; owner and manager
// create, change, delete and send them now; the input is checked as the contract says; the
// account is one of the business's connected accounts; another business sees none of them.

let t: TestApp;
let a: ReportsBusiness;
let b: ReportsBusiness;

beforeAll(async () => {
  t = await getTestApp();
  a = await reportsBusiness(t, { timeZone: 'Europe/Lisbon', label: 'reports-a' });
  b = await reportsBusiness(t, { label: 'reports-b' });
});

const now = new Date('2099-11-25T12:00:00Z');

async function outboxTo(email: string) {
  return t.runtime.deps.database.unsafeDb
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, REPORT_TEMPLATE)));
}

describe('creating and listing', () => {
  it('owner and manager create reports; every member lists them', async () => {
    const recipients = [uniqueEmail('boss'), uniqueEmail('agency')];
    const weekly = await createReport(a.as.owner, { cadence: 'weekly', recipients }, now);
    expect(weekly).toEqual({
      id: expect.any(String),
      cadence: 'weekly',
      account: 'all',
      recipients,
      enabled: true,
      lastSentAt: null,
      // Monday 30 November, 08:00 in Lisbon (UTC in winter).
      nextSendAt: '2099-11-30T08:00:00.000Z',
      lastError: null,
    });
    const monthly = await createReport(
      a.as.manager,
      { cadence: 'monthly', account: a.ig.id, recipients: [recipients[0]!], enabled: false },
      now,
    );
    expect(monthly).toMatchObject({
      cadence: 'monthly',
      account: a.ig.id,
      enabled: false,
      nextSendAt: '2099-12-01T08:00:00.000Z',
    });
    for (const role of ['owner', 'manager', 'staff', 'viewer'] as const) {
      const listed = await listReports(a.as[role]);
      expect(listed.map((r) => r.id)).toEqual(expect.arrayContaining([weekly.id, monthly.id]));
    }
  });

  it('trims addresses and keeps each once', async () => {
    const email = uniqueEmail('dup');
    const report = await createReport(
      a.as.owner,
      {
        cadence: 'weekly',
        recipients: [email, email.toUpperCase()],
      },
      now,
    );
    expect(report.recipients).toEqual([email]);
  });

  it('refuses invalid input, naming the field', async () => {
    expect(
      await fieldErrorsOf(
        createReport(a.as.owner, { cadence: 'weekly', recipients: ['not an address'] }),
      ),
    ).toEqual({ 'recipients.0': 'Enter a valid email address' });
    expect(
      await fieldErrorsOf(createReport(a.as.owner, { cadence: 'weekly', recipients: [] })),
    ).toEqual({ recipients: 'Add at least one address' });
    const eleven = Array.from({ length: 11 }, () => uniqueEmail('many'));
    expect(
      await fieldErrorsOf(createReport(a.as.owner, { cadence: 'weekly', recipients: eleven })),
    ).toEqual({ recipients: 'At most 10 addresses' });
    expect(
      Object.keys(
        await fieldErrorsOf(
          createReport(a.as.owner, {
            cadence: 'daily' as 'weekly',
            recipients: [uniqueEmail()],
          }),
        ),
      ),
    ).toEqual(['cadence']);
    expect(
      await fieldErrorsOf(
        createReport(a.as.owner, {
          cadence: 'weekly',
          recipients: [uniqueEmail()],
          extra: 1,
        } as never),
      ),
    ).toEqual({ extra: 'Unknown field' });
  });

  it('refuses an account that is not a connected account of the business', async () => {
    const input = (account: string) => ({
      cadence: 'weekly' as const,
      account,
      recipients: [uniqueEmail()],
    });
    const refusal = { account: 'Choose one of your connected accounts' };
    expect(await fieldErrorsOf(createReport(a.as.owner, input(b.ig.id), now))).toEqual(refusal);
    expect(await fieldErrorsOf(createReport(a.as.owner, input(crypto.randomUUID())))).toEqual(
      refusal,
    );
    const [gone] = await t.runtime.deps.database.unsafeDb
      .insert(platformConnections)
      .values({
        userId: a.tenantId,
        platform: 'facebook',
        login: 'facebook',
        externalId: `gone-${crypto.randomUUID()}`,
        name: 'Old page',
        accessToken: 'x',
        status: 'disconnected',
      })
      .returning({ id: platformConnections.id });
    expect(await fieldErrorsOf(createReport(a.as.owner, input(gone!.id)))).toEqual(refusal);
  });

  it('staff and viewers cannot create, change, delete or send reports', async () => {
    const report = await createReport(
      a.as.manager,
      {
        cadence: 'weekly',
        recipients: [uniqueEmail()],
      },
      now,
    );
    const input = { cadence: 'monthly' as const, recipients: [uniqueEmail()] };
    for (const role of ['staff', 'viewer'] as const) {
      const ctx = a.as[role];
      expect(await refusedWith(createReport(ctx, input))).toBe('FORBIDDEN');
      expect(await refusedWith(updateReport(ctx, report.id, input))).toBe('FORBIDDEN');
      expect(await refusedWith(deleteReport(ctx, report.id))).toBe('FORBIDDEN');
      expect(await refusedWith(sendReportNow(ctx, report.id))).toBe('FORBIDDEN');
    }
    expect((await listReports(a.as.owner)).find((r) => r.id === report.id)).toEqual(report);
  });
});

describe('another business', () => {
  it('neither sees nor changes, deletes or sends the reports', async () => {
    const report = await createReport(
      a.as.owner,
      {
        cadence: 'weekly',
        recipients: [uniqueEmail()],
      },
      now,
    );
    expect((await listReports(b.as.owner)).map((r) => r.id)).not.toContain(report.id);
    const input = { cadence: 'monthly' as const, recipients: [uniqueEmail()] };
    expect(await refusedWith(updateReport(b.as.owner, report.id, input))).toBe('NOT_FOUND');
    expect(await refusedWith(deleteReport(b.as.owner, report.id))).toBe('NOT_FOUND');
    expect(
      await refusedWith(sendReportNow(b.as.owner, report.id, { figures: recordingFigures() })),
    ).toBe('NOT_FOUND');
    expect((await listReports(a.as.viewer)).find((r) => r.id === report.id)).toEqual(report);
  });
});

describe('changing and deleting', () => {
  it('a new cadence, or switching back on, starts from its next sending time', async () => {
    const report = await createReport(
      a.as.owner,
      { cadence: 'weekly', recipients: [uniqueEmail()] },
      now,
    );
    await t.runtime.deps.database.unsafeDb
      .update(analyticsReports)
      .set({ lastPeriodFrom: '2099-11-16' })
      .where(eq(analyticsReports.id, report.id));
    const later = new Date('2099-12-02T12:00:00Z');
    const monthly = await updateReport(
      a.as.manager,
      report.id,
      { cadence: 'monthly', account: a.ig.id, recipients: report.recipients },
      later,
    );
    expect(monthly).toMatchObject({
      cadence: 'monthly',
      account: a.ig.id,
      nextSendAt: '2100-01-01T08:00:00.000Z',
    });
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(analyticsReports)
      .where(eq(analyticsReports.id, report.id));
    expect(row!.lastPeriodFrom).toBeNull();
    const off = await updateReport(a.as.owner, report.id, { enabled: false }, later);
    expect(off).toMatchObject({
      enabled: false,
      cadence: 'monthly',
      account: a.ig.id,
      recipients: report.recipients,
      nextSendAt: monthly.nextSendAt,
    });
    const backOn = new Date('2100-02-10T12:00:00Z');
    const on = await updateReport(a.as.owner, report.id, { enabled: true }, backOn);
    expect(on.nextSendAt).toBe(nextSendAt('monthly', 'Europe/Lisbon', backOn).toISOString());
    expect(on.nextSendAt).toBe('2100-03-01T08:00:00.000Z');
  });

  it('changes only the fields given, checking each', async () => {
    const report = await createReport(
      a.as.owner,
      { cadence: 'weekly', account: a.ig.id, recipients: [uniqueEmail()] },
      now,
    );
    const recipients = [uniqueEmail('new1'), uniqueEmail('new2')];
    const changed = await updateReport(a.as.manager, report.id, { recipients }, now);
    expect(changed).toEqual({ ...report, recipients });
    expect(await updateReport(a.as.manager, report.id, { account: 'all' }, now)).toEqual({
      ...report,
      recipients,
      account: 'all',
    });
    expect(
      await fieldErrorsOf(updateReport(a.as.owner, report.id, { recipients: [] }, now)),
    ).toEqual({ recipients: 'Add at least one address' });
    expect(
      await fieldErrorsOf(updateReport(a.as.owner, report.id, { account: b.ig.id }, now)),
    ).toEqual({ account: 'Choose one of your connected accounts' });
    expect(
      await fieldErrorsOf(updateReport(a.as.owner, report.id, { title: 'x' } as never, now)),
    ).toEqual({ title: 'Unknown field' });
    expect(await refusedWith(updateReport(a.as.owner, crypto.randomUUID(), {}, now))).toBe(
      'NOT_FOUND',
    );
  });

  it('deletes', async () => {
    const report = await createReport(
      a.as.owner,
      {
        cadence: 'weekly',
        recipients: [uniqueEmail()],
      },
      now,
    );
    expect(await deleteReport(a.as.manager, report.id)).toEqual({ id: report.id });
    expect(await refusedWith(deleteReport(a.as.manager, report.id))).toBe('NOT_FOUND');
    expect((await listReports(a.as.owner)).map((r) => r.id)).not.toContain(report.id);
  });
});

describe('send now', () => {
  it('sends the current period to every recipient without moving the schedule', async () => {
    const recipients = [uniqueEmail('now1'), uniqueEmail('now2')];
    const report = await createReport(
      a.as.owner,
      { cadence: 'weekly', account: a.ig.id, recipients },
      now,
    );
    const figures = recordingFigures();
    const sent = await sendReportNow(a.as.manager, report.id, { now, figures });
    expect(sent).toMatchObject({
      lastSentAt: now.toISOString(),
      nextSendAt: report.nextSendAt,
      lastError: null,
    });
    // Wednesday 25 November: the 7 days to yesterday.
    expect(figures.asked[0]).toEqual({
      tenantId: a.tenantId,
      account: a.ig.id,
      from: '2099-11-18',
      to: '2099-11-24',
    });
    for (const to of recipients) {
      const mails = await outboxTo(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Weekly analytics');
      expect(mails[0]!.text).toContain('18 Nov 2099 – 24 Nov 2099');
    }
    expect(
      await refusedWith(
        sendReportNow(a.as.owner, report.id, {
          now: new Date(now.getTime() + 10_000),
          figures,
        }),
      ),
    ).toBe('RATE_LIMIT_EXCEEDED');
    expect(await outboxTo(recipients[0]!)).toHaveLength(1);
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(analyticsReports)
      .where(eq(analyticsReports.id, report.id));
    expect(row!.lastPeriodFrom).toBeNull();
  });

  it('says so when the account is no longer connected', async () => {
    const report = await createReport(
      a.as.owner,
      {
        cadence: 'monthly',
        recipients: [uniqueEmail()],
      },
      now,
    );
    const figures = recordingFigures({ fail: AppError.from('NOT_FOUND') });
    expect(await refusedWith(sendReportNow(a.as.owner, report.id, { now, figures }))).toBe(
      'BUSINESS_RULE_VIOLATION',
    );
  });
});
