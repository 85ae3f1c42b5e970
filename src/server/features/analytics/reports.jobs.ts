import { and, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { resolveBusinessName } from '#shared/business-name.ts';
import { isAppError } from '#shared/errors/index.ts';
import type { AnalyticsReport } from '#shared/contracts/analytics.contract.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import { sendEmailJob } from '#server/platform/email/mailer.ts';
import type { RenderedEmail } from '#server/platform/email/templates.tsx';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { knownTimeZone } from '../queue/wall-clock.ts';
import { businessProfiles } from '../settings/settings.tables.ts';
import { analyticsReports } from './analytics.tables.ts';
import { overviewFor } from './overview.ts';
import { analyticsReportEmail } from './report-email.tsx';
import { nextSendAt, scheduledPeriod, type ReportPeriod } from './reports.schedule.ts';
import { topPostsFor } from './top-posts.ts';

// Scheduled analytics reports (docs/decisions/092): a chore queues a job for every enabled report
// that is due; the job computes the period's figures and top posts from the stored insights,
// renders the e-mail, and writes one message per recipient to the outbox in the same transaction
// that records the period as sent and moves the schedule on — under a lock of the report's row,
// so two runs at once send one, and a crash either leaves both undone (the next run sends) or
// both done. The messages then go the way every e-mail goes (platform/email/mailer.ts: a job per
// outbox row, and the sweep for a job lost).

export const REPORT_TEMPLATE = 'analytics-report';
/** Posts the e-mail shows, by interactions. */
export const REPORT_TOP_POSTS = 5;
/** A report whose figures could not be made is tried again after this long. */
export const REPORT_RETRY_MS = 3_600_000;
const SCHEDULE_EVERY_MS = 60_000;

export type ReportRow = typeof analyticsReports.$inferSelect;

export const analyticsReportJob: JobDefinition<{
  tenantId: string;
  reportId: string;
  periodFrom: string;
}> = {
  id: 'analytics.report',
  version: 1,
  payload: z.object({
    tenantId: z.uuid(),
    reportId: z.uuid(),
    periodFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  policy: 'stately',
  retryLimit: 2,
  pollingIntervalSeconds: 30,
};

/** Where the figures come from: the stored insights (tests give their own). */
export interface ReportFigures {
  overview: typeof overviewFor;
  topPosts: typeof topPostsFor;
}

export const storedFigures: ReportFigures = { overview: overviewFor, topPosts: topPostsFor };

export interface ReportBusiness {
  name: string;
  timeZone: string;
}

export function toReportDto(r: ReportRow): AnalyticsReport {
  return {
    id: r.id,
    cadence: r.cadence,
    account: r.connectionId ?? 'all',
    recipients: r.recipients,
    enabled: r.enabled,
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
    nextSendAt: r.nextSendAt.toISOString(),
    lastError: r.lastError,
  };
}

/** The business's name and time zone, as every e-mail and schedule of it uses them. */
export async function reportBusiness(tx: Pick<Tx, 'execute'>, tenantId: string) {
  const [row] = rowsOf<{
    business_name: string | null;
    company_name: string | null;
    time_zone: string | null;
  }>(
    await tx.execute(sql`
      select business_name, company_name, time_zone from public.business_profiles
       where user_id = ${tenantId}`),
  );
  return {
    name: resolveBusinessName(row ?? {}),
    timeZone: knownTimeZone(row?.time_zone),
  } satisfies ReportBusiness;
}

/** The report's e-mail for a period: the overview's key figures and the top posts. */
export async function composeReport(
  deps: AppDeps,
  report: Pick<ReportRow, 'userId' | 'connectionId' | 'cadence'>,
  business: ReportBusiness,
  period: ReportPeriod,
  now: Date,
  figures: ReportFigures = storedFigures,
): Promise<RenderedEmail> {
  const account = report.connectionId ?? 'all';
  const query = { account, from: period.from, to: period.to };
  const overview = await figures.overview(deps, report.userId, query, now);
  const top = await figures.topPosts(
    deps,
    report.userId,
    { ...query, sort: 'interactions', dir: 'desc', page: 1 },
    now,
  );
  const accountLabel =
    account === 'all'
      ? 'All accounts'
      : (overview.accounts.find((a) => a.id === account)?.name ?? 'One account');
  const params = new URLSearchParams(query);
  return analyticsReportEmail({
    businessName: business.name,
    cadence: report.cadence,
    accountLabel,
    overview,
    topPosts: top.items.slice(0, REPORT_TOP_POSTS),
    url: `${deps.env.appUrl}/dashboard/analytics?${params.toString()}`,
  });
}

/** One outbox message per recipient, in the caller's transaction; their ids. */
export async function writeReportEmails(
  tx: Tx,
  recipients: readonly string[],
  email: RenderedEmail,
): Promise<string[]> {
  if (recipients.length === 0) return [];
  const rows = await tx
    .insert(emailOutbox)
    .values(recipients.map((to) => ({ to, template: REPORT_TEMPLATE, ...email })))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

/** Queues delivery of messages already committed to the outbox (the sweep covers a crash). */
export async function queueReportEmails(deps: AppDeps, outboxIds: readonly string[]) {
  for (const outboxId of outboxIds) {
    await deps.jobs.send(sendEmailJob, { outboxId }, { singletonKey: outboxId });
  }
}

const lockedReport = async (tx: Tx, tenantId: string, reportId: string) =>
  (
    await tx
      .select()
      .from(analyticsReports)
      .where(and(eq(analyticsReports.id, reportId), eq(analyticsReports.userId, tenantId)))
      .for('update')
  )[0];

/** Changed by someone since `read` was read (updated_at moves with every edit, not with a run). */
const edited = (locked: ReportRow, read: ReportRow) =>
  locked.updatedAt.getTime() !== read.updatedAt.getTime();

/** The job's own bookkeeping, unless the report was edited meanwhile (the edit decides then). */
async function updateUnlessEdited(
  deps: AppDeps,
  read: ReportRow,
  changes: Partial<Pick<ReportRow, 'nextSendAt' | 'lastError'>>,
): Promise<void> {
  await deps.database.unsafeDb.transaction(async (tx) => {
    const locked = await lockedReport(tx, read.userId, read.id);
    if (!locked || edited(locked, read)) return;
    await tx.update(analyticsReports).set(changes).where(eq(analyticsReports.id, read.id));
  });
}

export type ReportRunOutcome = 'sent' | 'not-due' | 'failed';

/**
 * Sends a report's scheduled e-mail when it is due and its period has not gone yet: once per
 * period whatever the number of runs. Installation work on behalf of the business (the figures
 * are read in the business's scope).
 */
export async function runReport(
  deps: AppDeps,
  target: { tenantId: string; reportId: string },
  options: { now?: Date; figures?: ReportFigures } = {},
): Promise<ReportRunOutcome> {
  const now = options.now ?? new Date();
  const db = deps.database.unsafeDb;
  const [report] = await db
    .select()
    .from(analyticsReports)
    .where(
      and(eq(analyticsReports.id, target.reportId), eq(analyticsReports.userId, target.tenantId)),
    );
  if (!report || !report.enabled || report.nextSendAt > now) return 'not-due';
  const business = await reportBusiness(db, report.userId);
  const period = scheduledPeriod(report.cadence, business.timeZone, now);
  const next = nextSendAt(report.cadence, business.timeZone, now);
  if (report.lastPeriodFrom === period.from) {
    // This period has gone: only the schedule moves on.
    await updateUnlessEdited(deps, report, { nextSendAt: next });
    return 'not-due';
  }

  let email: RenderedEmail;
  try {
    email = await composeReport(deps, report, business, period, now, options.figures);
  } catch (error) {
    const gone = isAppError(error) && error.code === 'NOT_FOUND';
    const retryAt = new Date(Math.min(now.getTime() + REPORT_RETRY_MS, next.getTime()));
    await updateUnlessEdited(deps, report, {
      lastError: gone
        ? 'The account of this report is no longer connected.'
        : 'The report could not be prepared; it is tried again within the hour.',
      nextSendAt: gone ? next : retryAt,
    });
    deps.logger.warn(
      { err: error, tenantId: report.userId, reportId: report.id },
      'analytics report not sent',
    );
    return 'failed';
  }

  const outboxIds = await db.transaction(async (tx) => {
    const locked = await lockedReport(tx, report.userId, report.id);
    if (
      !locked ||
      !locked.enabled ||
      locked.nextSendAt > now ||
      locked.lastPeriodFrom === period.from ||
      edited(locked, report)
    ) {
      return null;
    }
    const ids = await writeReportEmails(tx, locked.recipients, email);
    await tx
      .update(analyticsReports)
      .set({ lastPeriodFrom: period.from, lastSentAt: now, nextSendAt: next, lastError: null })
      .where(eq(analyticsReports.id, locked.id));
    return ids;
  });
  if (!outboxIds) return 'not-due';
  await queueReportEmails(deps, outboxIds);
  return 'sent';
}

/**
 * Installation-wide: queues a job for every enabled report due at `now`, one per report and
 * period (the singleton key); the reports queued.
 */
export async function scheduleDueReports(
  deps: AppDeps,
  now = new Date(),
): Promise<Array<{ reportId: string; periodFrom: string }>> {
  const due = await deps.database.unsafeDb
    .select({
      id: analyticsReports.id,
      userId: analyticsReports.userId,
      cadence: analyticsReports.cadence,
      timeZone: businessProfiles.timeZone,
    })
    .from(analyticsReports)
    .leftJoin(businessProfiles, eq(businessProfiles.userId, analyticsReports.userId))
    .where(and(eq(analyticsReports.enabled, true), lte(analyticsReports.nextSendAt, now)))
    .orderBy(analyticsReports.nextSendAt)
    .limit(500);
  const queued: Array<{ reportId: string; periodFrom: string }> = [];
  for (const r of due) {
    const periodFrom = scheduledPeriod(r.cadence, knownTimeZone(r.timeZone), now).from;
    await deps.jobs.send(
      analyticsReportJob,
      { tenantId: r.userId, reportId: r.id, periodFrom },
      { singletonKey: `${r.id}:${periodFrom}` },
    );
    queued.push({ reportId: r.id, periodFrom });
  }
  return queued;
}

/** The report job's worker, and the chore that queues due reports every minute. */
export async function registerReportJobs(deps: AppDeps, chores: Chores): Promise<void> {
  await deps.jobs.work(analyticsReportJob, async ({ tenantId, reportId }) => {
    await runReport(deps, { tenantId, reportId });
  });
  chores.every(
    'analytics reports not scheduled',
    SCHEDULE_EVERY_MS,
    () => scheduleDueReports(deps),
    { firstAfterMs: 30_000 },
  );
}
