import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  reportInputSchema,
  type AnalyticsReport,
  type ReportInput,
} from '#shared/contracts/analytics.contract.ts';
import { AppError, isAppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { analyticsReports } from './analytics.tables.ts';
import {
  composeReport,
  queueReportEmails,
  reportBusiness,
  storedFigures,
  toReportDto,
  writeReportEmails,
  type ReportFigures,
} from './reports.jobs.ts';
import { currentPeriod, nextSendAt } from './reports.schedule.ts';

// Scheduled analytics reports (docs/decisions/092): every member sees the business's reports;
// owner and manager (manage:analytics) create, change, delete and send them now — row-level
// security says the same (db/migrations/0031_analytics_rls.sql). A report names one connected
// account of the business or all of them, and goes weekly (Monday 08:00) or monthly (the 1st,
// 08:00) in the business's time zone (reports.schedule.ts).

/** Reports one business may have. */
export const MAX_REPORTS = 20;
/** "Send now" of one report at most once in this long. */
export const SEND_NOW_EVERY_MS = 60_000;

type Row = typeof analyticsReports.$inferSelect;

function notFound(id: string) {
  return AppError.from('NOT_FOUND', { technicalMessage: `analytics report ${id} not found` });
}

/** A change: any of the input's fields, the others kept as they are (no defaults filled in). */
const reportPatchSchema = z.strictObject({
  cadence: reportInputSchema.shape.cadence.optional(),
  account: reportInputSchema.shape.account.unwrap().optional(),
  recipients: reportInputSchema.shape.recipients.optional(),
  enabled: reportInputSchema.shape.enabled.unwrap().optional(),
});
export type ReportPatch = z.input<typeof reportPatchSchema>;

function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw validationError(fieldErrorsFromZod(result.error));
  return result.data;
}

/** Addresses trimmed, each once (any case). */
function withRecipients<T extends { recipients: string[] }>(data: T): T {
  const seen = new Set<string>();
  const recipients = data.recipients
    .map((r) => r.trim())
    .filter((r) => {
      const key = r.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { ...data, recipients };
}

/** The input checked as the contract says. */
const parseInput = (input: ReportInput) =>
  withRecipients(parsed(reportInputSchema.safeParse(input)));

/** null for every account; else the id, which must be a connected account of the business. */
async function connectionOf(tx: Tx, tenantId: string, account: string): Promise<string | null> {
  if (account === 'all') return null;
  const [row] = await tx
    .select({ id: platformConnections.id })
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.id, account),
        eq(platformConnections.userId, tenantId),
        eq(platformConnections.status, 'connected'),
      ),
    );
  if (!row) throw validationError({ account: 'Choose one of your connected accounts' });
  return row.id;
}

export async function listReports(ctx: ServiceContext): Promise<AnalyticsReport[]> {
  requireAccess(ctx.actor, 'read:analytics');
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .select()
      .from(analyticsReports)
      .where(eq(analyticsReports.userId, ctx.actor.tenantId))
      .orderBy(asc(analyticsReports.createdAt), asc(analyticsReports.id)),
  );
  return rows.map(toReportDto);
}

export async function createReport(
  ctx: ServiceContext,
  input: ReportInput,
  now = new Date(),
): Promise<AnalyticsReport> {
  requireAccess(ctx.actor, 'manage:analytics');
  const data = parseInput(input);
  const tenantId = ctx.actor.tenantId;
  const row = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const connectionId = await connectionOf(tx, tenantId, data.account);
    const [existing] = await tx
      .select({ n: count() })
      .from(analyticsReports)
      .where(eq(analyticsReports.userId, tenantId));
    if ((existing?.n ?? 0) >= MAX_REPORTS) {
      throw AppError.from('BUSINESS_RULE_VIOLATION', {
        userMessage: `A business can have at most ${MAX_REPORTS} scheduled reports.`,
        technicalMessage: `${tenantId} has ${existing?.n} analytics reports`,
      });
    }
    const { timeZone } = await reportBusiness(tx, tenantId);
    const [created] = await tx
      .insert(analyticsReports)
      .values({
        userId: tenantId,
        connectionId,
        cadence: data.cadence,
        recipients: data.recipients,
        enabled: data.enabled,
        createdBy: ctx.actor.userId,
        nextSendAt: nextSendAt(data.cadence, timeZone, now),
      })
      .returning();
    return created!;
  });
  return toReportDto(row);
}

/** Changes the fields given; those left out stay as they are. */
export async function updateReport(
  ctx: ServiceContext,
  id: string,
  input: ReportPatch,
  now = new Date(),
): Promise<AnalyticsReport> {
  requireAccess(ctx.actor, 'manage:analytics');
  const patch = parsed(reportPatchSchema.safeParse(input));
  const tenantId = ctx.actor.tenantId;
  const row = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const [current] = await tx
      .select()
      .from(analyticsReports)
      .where(and(eq(analyticsReports.userId, tenantId), eq(analyticsReports.id, id)))
      .for('update');
    if (!current) throw notFound(id);
    const data = withRecipients({
      cadence: patch.cadence ?? current.cadence,
      account: patch.account ?? current.connectionId ?? 'all',
      recipients: patch.recipients ?? current.recipients,
      enabled: patch.enabled ?? current.enabled,
    });
    // An account kept as it was may since have been disconnected; a new one must be connected.
    const connectionId =
      (current.connectionId ?? 'all') === data.account
        ? current.connectionId
        : await connectionOf(tx, tenantId, data.account);
    const changes: Partial<Row> = {
      connectionId,
      cadence: data.cadence,
      recipients: data.recipients,
      enabled: data.enabled,
      updatedAt: now,
    };
    // A new cadence, or a report switched back on, starts from its next sending time: a period
    // that was due while it was off is not sent late.
    if (data.cadence !== current.cadence || (data.enabled && !current.enabled)) {
      const { timeZone } = await reportBusiness(tx, tenantId);
      changes.nextSendAt = nextSendAt(data.cadence, timeZone, now);
      if (data.cadence !== current.cadence) changes.lastPeriodFrom = null;
    }
    const [updated] = await tx
      .update(analyticsReports)
      .set(changes)
      .where(and(eq(analyticsReports.userId, tenantId), eq(analyticsReports.id, id)))
      .returning();
    return updated!;
  });
  return toReportDto(row);
}

export async function deleteReport(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  requireAccess(ctx.actor, 'manage:analytics');
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .delete(analyticsReports)
      .where(and(eq(analyticsReports.userId, ctx.actor.tenantId), eq(analyticsReports.id, id)))
      .returning({ id: analyticsReports.id }),
  );
  if (!rows[0]) throw notFound(id);
  return { id };
}

/** Refuses a second "Send now" within a minute of the last e-mail of the report. */
function tooSoon(report: Row, now: Date): void {
  if (report.lastSentAt && now.getTime() - report.lastSentAt.getTime() < SEND_NOW_EVERY_MS) {
    throw AppError.from('RATE_LIMIT_EXCEEDED', {
      userMessage: 'This report was sent a moment ago. Wait a minute before sending it again.',
      technicalMessage: `analytics report ${report.id} sent at ${report.lastSentAt.toISOString()}`,
    });
  }
}

/**
 * "Send now": the report of the period that ends yesterday (the 7 days before today, or the
 * previous calendar month) to every recipient at once. The schedule stays as it is: the next
 * scheduled e-mail still goes when it is due.
 */
export async function sendReportNow(
  ctx: ServiceContext,
  id: string,
  options: { now?: Date; figures?: ReportFigures } = {},
): Promise<AnalyticsReport> {
  requireAccess(ctx.actor, 'manage:analytics');
  const now = options.now ?? new Date();
  const tenantId = ctx.actor.tenantId;
  const { report, business } = await withTenant(
    ctx.deps.database,
    tenantScope(ctx.actor),
    async (tx) => {
      const [found] = await tx
        .select()
        .from(analyticsReports)
        .where(and(eq(analyticsReports.userId, tenantId), eq(analyticsReports.id, id)));
      if (!found) throw notFound(id);
      return { report: found, business: await reportBusiness(tx, tenantId) };
    },
  );
  tooSoon(report, now);
  const period = currentPeriod(report.cadence, business.timeZone, now);
  let email;
  try {
    email = await composeReport(
      ctx.deps,
      report,
      business,
      period,
      now,
      options.figures ?? storedFigures,
    );
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') {
      throw AppError.from('BUSINESS_RULE_VIOLATION', {
        userMessage: 'The account of this report is no longer connected. Choose another one.',
        technicalMessage: `analytics report ${id}: account ${report.connectionId} not connected`,
        cause: error,
      });
    }
    throw error;
  }
  // The check, the messages and the report's last sending are one transaction under the
  // report's lock (the outbox is the installation's, written as in reports.jobs.ts).
  const sent = await ctx.deps.database.unsafeDb.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(analyticsReports)
      .where(and(eq(analyticsReports.userId, tenantId), eq(analyticsReports.id, id)))
      .for('update');
    if (!locked) throw notFound(id);
    tooSoon(locked, now);
    const outboxIds = await writeReportEmails(tx, locked.recipients, email);
    const [updated] = await tx
      .update(analyticsReports)
      .set({ lastSentAt: now, lastError: null })
      .where(eq(analyticsReports.id, locked.id))
      .returning();
    return { outboxIds, updated: updated! };
  });
  await queueReportEmails(ctx.deps, sent.outboxIds);
  return toReportDto(sent.updated);
}
