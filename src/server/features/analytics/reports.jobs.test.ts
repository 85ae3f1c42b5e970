import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import { getTestApp, uniqueEmail, type TestApp } from '#server/test/app.ts';
import { analyticsReports } from './analytics.tables.ts';
import { REPORT_TEMPLATE, runReport, scheduleDueReports } from './reports.jobs.ts';
import { createReport, sendReportNow, updateReport } from './reports.service.ts';
import { recordingFigures, reportsBusiness, type ReportsBusiness } from './reports.test-helpers.ts';

// The scheduled analytics report's job (docs/decisions/092): a due report goes to every
// recipient once per period however many runs there are, with the period's key figures and top
// posts; the schedule moves to the next Monday (or 1st); "send now" leaves it alone. Dates are far
// in the future so that no report here is ever due by the clock of the app's own workers.

let t: TestApp;
let a: ReportsBusiness;

beforeAll(async () => {
  t = await getTestApp();
  a = await reportsBusiness(t, { timeZone: 'Europe/Lisbon', label: 'report-jobs' });
});

/** Wednesday 25 November 2099, 12:00 UTC (Lisbon is on UTC in winter). */
const created = new Date('2099-11-25T12:00:00Z');
const minutesAfter = (iso: string, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * 60_000);

const db = () => t.runtime.deps.database.unsafeDb;

async function mailsTo(recipients: string[]) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.to, recipients), eq(emailOutbox.template, REPORT_TEMPLATE)));
}

async function rowOf(id: string) {
  const [row] = await db().select().from(analyticsReports).where(eq(analyticsReports.id, id));
  return row!;
}

describe('a due report', () => {
  it('goes to every recipient once per period, however many runs', async () => {
    const recipients = [uniqueEmail('weekly1'), uniqueEmail('weekly2')];
    const report = await createReport(a.as.owner, { cadence: 'weekly', recipients }, created);
    expect(report.nextSendAt).toBe('2099-11-30T08:00:00.000Z');
    const target = { tenantId: a.tenantId, reportId: report.id };
    const figures = recordingFigures();

    // Not before it is due.
    expect(
      await runReport(t.runtime.deps, target, {
        now: minutesAfter(report.nextSendAt, -1),
        figures,
      }),
    ).toBe('not-due');
    expect(await mailsTo(recipients)).toHaveLength(0);

    const due = minutesAfter(report.nextSendAt, 5);
    const queued = await scheduleDueReports(t.runtime.deps, due);
    expect(queued).toContainEqual({ reportId: report.id, periodFrom: '2099-11-23' });

    const outcomes = await Promise.all([
      runReport(t.runtime.deps, target, { now: due, figures }),
      runReport(t.runtime.deps, target, { now: due, figures }),
    ]);
    expect(outcomes.sort()).toEqual(['not-due', 'sent']);
    expect(
      await runReport(t.runtime.deps, target, { now: minutesAfter(report.nextSendAt, 6), figures }),
    ).toBe('not-due');

    const mails = await mailsTo(recipients);
    expect(mails.map((m) => m.to).sort()).toEqual([...recipients].sort());
    // The figures of the 7 days to Sunday, the day before sending.
    expect(figures.asked).toContainEqual({
      tenantId: a.tenantId,
      account: 'all',
      from: '2099-11-23',
      to: '2099-11-29',
    });
    const mail = mails[0]!;
    expect(mail.subject).toBe(
      'Weekly analytics for report-jobs business: 23 Nov 2099 – 29 Nov 2099',
    );
    expect(mail.text).toContain('- Reach: 1,234 (+23.5% vs the previous 7 days (1,000))');
    expect(mail.text).toContain('Source: Instagram reach (day)');
    expect(mail.text).toContain('- Followers: 980 (−2% vs the previous 7 days (1,000))');
    expect(mail.text).toContain('- Engagement rate: No data');
    expect(mail.text).toContain('Meta may revise the last two days.');
    expect(mail.text).toContain('5. Post number 5');
    expect(mail.text).not.toContain('6. Post number 6');
    expect(mail.text).toContain(
      'http://localhost:3000/dashboard/analytics?account=all&from=2099-11-23&to=2099-11-29',
    );
    expect(mail.html).toContain('https://cdn.example/thumb1.jpg');
    expect(mail.html).toContain('href="https://www.instagram.com/p/post1/"');
    expect(mail.html).toContain('Post number 1 &lt;b&gt;bold&lt;/b&gt;');
    expect(mail.html).toContain('Autumn menu');

    const row = await rowOf(report.id);
    expect(row.lastPeriodFrom).toBe('2099-11-23');
    expect(row.lastSentAt?.toISOString()).toBe(due.toISOString());
    expect(row.nextSendAt.toISOString()).toBe('2099-12-07T08:00:00.000Z');
    expect(row.lastError).toBeNull();
  });

  it('sends the next period when that one is due, and none while switched off', async () => {
    const recipients = [uniqueEmail('monthly')];
    const report = await createReport(
      a.as.manager,
      { cadence: 'monthly', account: a.ig.id, recipients },
      created,
    );
    const target = { tenantId: a.tenantId, reportId: report.id };
    const figures = recordingFigures();
    expect(
      await runReport(t.runtime.deps, target, { now: new Date('2099-12-01T09:00:00Z'), figures }),
    ).toBe('sent');
    expect(figures.asked[0]).toMatchObject({
      account: a.ig.id,
      from: '2099-11-01',
      to: '2099-11-30',
    });
    expect((await rowOf(report.id)).nextSendAt.toISOString()).toBe('2100-01-01T08:00:00.000Z');
    // Run late, on the 3rd of January: the December report.
    expect(
      await runReport(t.runtime.deps, target, { now: new Date('2100-01-03T10:00:00Z'), figures }),
    ).toBe('sent');
    expect(figures.asked.at(-1)).toMatchObject({ from: '2099-12-01', to: '2099-12-31' });
    const row = await rowOf(report.id);
    expect(row.lastPeriodFrom).toBe('2099-12-01');
    expect(row.nextSendAt.toISOString()).toBe('2100-02-01T08:00:00.000Z');
    expect(await mailsTo(recipients)).toHaveLength(2);

    await updateReport(
      a.as.owner,
      report.id,
      { cadence: 'monthly', account: a.ig.id, recipients, enabled: false },
      new Date('2100-01-10T10:00:00Z'),
    );
    expect(
      await runReport(t.runtime.deps, target, { now: new Date('2100-02-01T09:00:00Z'), figures }),
    ).toBe('not-due');
    expect(await mailsTo(recipients)).toHaveLength(2);
  });

  it('records a failure and tries again within the hour, sending nothing', async () => {
    const recipients = [uniqueEmail('failing')];
    const report = await createReport(a.as.owner, { cadence: 'weekly', recipients }, created);
    const target = { tenantId: a.tenantId, reportId: report.id };
    const due = minutesAfter(report.nextSendAt, 1);
    expect(
      await runReport(t.runtime.deps, target, {
        now: due,
        figures: recordingFigures({ fail: new Error('database went away') }),
      }),
    ).toBe('failed');
    let row = await rowOf(report.id);
    expect(row.lastError).toBe(
      'The report could not be prepared; it is tried again within the hour.',
    );
    expect(row.nextSendAt.toISOString()).toBe(minutesAfter(report.nextSendAt, 61).toISOString());
    expect(row.lastPeriodFrom).toBeNull();
    expect(await mailsTo(recipients)).toHaveLength(0);
    // The retry sends the same period and clears the error.
    const figures = recordingFigures();
    expect(
      await runReport(t.runtime.deps, target, {
        now: minutesAfter(report.nextSendAt, 62),
        figures,
      }),
    ).toBe('sent');
    row = await rowOf(report.id);
    expect(row.lastError).toBeNull();
    expect(row.lastPeriodFrom).toBe('2099-11-23');
    expect(await mailsTo(recipients)).toHaveLength(1);
  });
});

describe('with the stored insights', () => {
  it('sends the figures the overview and top posts give, nothing stored included', async () => {
    const recipients = [uniqueEmail('stored')];
    const report = await createReport(
      a.as.owner,
      { cadence: 'weekly', account: a.ig.id, recipients },
      created,
    );
    expect(
      await runReport(
        t.runtime.deps,
        { tenantId: a.tenantId, reportId: report.id },
        { now: minutesAfter(report.nextSendAt, 1) },
      ),
    ).toBe('sent');
    const [mail] = await mailsTo(recipients);
    expect(mail!.text).toContain('Key figures');
    expect(mail!.text).toContain('No posts were published in this period.');
    expect(mail!.text).toContain(`account=${a.ig.id}&from=2099-11-23&to=2099-11-29`);
  });
});

describe('send now', () => {
  it('sends at once, and the scheduled e-mail still goes when due', async () => {
    const recipients = [uniqueEmail('now')];
    const report = await createReport(a.as.owner, { cadence: 'weekly', recipients }, created);
    const figures = recordingFigures();
    const sent = await sendReportNow(a.as.owner, report.id, { now: created, figures });
    expect(sent.nextSendAt).toBe(report.nextSendAt);
    expect(figures.asked[0]).toMatchObject({ from: '2099-11-18', to: '2099-11-24' });
    expect(await mailsTo(recipients)).toHaveLength(1);
    expect(
      await runReport(
        t.runtime.deps,
        { tenantId: a.tenantId, reportId: report.id },
        { now: minutesAfter(report.nextSendAt, 1), figures },
      ),
    ).toBe('sent');
    expect(await mailsTo(recipients)).toHaveLength(2);
  });
});
