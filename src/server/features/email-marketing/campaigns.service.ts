import {
  EMAIL_MARKETING_LIMITS,
  type EmailCampaign,
  type EmailCampaignInput,
  type EmailCampaignFigures,
} from '#shared/contracts/email-marketing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Permission } from '#shared/permissions.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { afterCommit, withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import { isUuid } from '../profile/user-id.ts';
import {
  deleteDraftRow,
  figuresOf,
  findCampaign,
  insertCampaign,
  listCampaignRows,
  updateCampaignAt,
  type CampaignRow,
  type CampaignWithSegment,
} from './campaigns.repository.ts';
import { unknownMergeFields } from './render.ts';
import { reachOfSegment, segmentOf } from './reach.ts';
import { queueSending } from './sending.jobs.ts';
import { cancelRecipients } from './sending.repository.ts';

// Campaign e-mails (docs/decisions/100): drafts made, changed with the version they were read at
// (another version is refused, as campaign drafts are, and the browser keeps what was typed),
// deleted while drafts; sent now or at a time; cancelled. Every member reads; owner, manager and
// staff write (the rights of acting on the audience, docs/decisions/097). The e-mail add-on is
// checked by the routes before anything else (email-marketing.gate.ts).

export const READ: Permission = 'read:dashboard';
export const WRITE: Permission = 'reply:inbox';

export const CONFLICT_MESSAGE = 'Someone else changed this e-mail. Reload to see their changes.';
const NOT_DRAFT_MESSAGE = 'This e-mail is no longer a draft: it can no longer be changed.';

export function emailNotFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `email campaign ${id} not found` });
}

function inTenant<T>(ctx: ServiceContext, fn: (tx: Tx, tenantId: string) => Promise<T>) {
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) => fn(tx, ctx.actor.tenantId));
}

function toDto(row: CampaignWithSegment, figures: EmailCampaignFigures): EmailCampaign {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    preheader: row.preheader,
    body: row.body,
    segmentId: row.segmentId,
    segmentName: row.segmentName,
    status: row.status,
    sendAt: iso(row.sendAt),
    clickTracking: row.clickTracking,
    version: row.version,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    figures,
  };
}

async function dtoOf(tx: Tx, tenantId: string, id: string): Promise<EmailCampaign> {
  const row = (await findCampaign(tx, tenantId, id)) ?? emailNotFound(id);
  const figures = await figuresOf(tx, tenantId, [id]);
  return toDto(row, figures.get(id)!);
}

/** The business's campaign e-mail, or 404 (another business's included). */
async function campaignRow(tx: Tx, tenantId: string, id: string): Promise<CampaignWithSegment> {
  if (!isUuid(id)) emailNotFound(id);
  return (await findCampaign(tx, tenantId, id)) ?? emailNotFound(id);
}

function stateError(row: CampaignRow, version: number, message = NOT_DRAFT_MESSAGE): AppError {
  return AppError.from('WORKFLOW_STATE_INVALID', {
    userMessage: row.version !== version ? CONFLICT_MESSAGE : message,
    technicalMessage: `email campaign ${row.id} is ${row.status} at version ${row.version}, asked on ${version}`,
    details: { version: row.version, status: row.status },
  });
}

/** A segment named by a draft is one of the business's own. */
async function requireOwnSegment(tx: Tx, tenantId: string, segmentId: string | null) {
  if (segmentId && !(await segmentOf(tx, tenantId, segmentId))) {
    throw validationError({ segmentId: 'Choose one of your segments' });
  }
}

export async function listEmails(
  ctx: ServiceContext,
  query: { page: number },
): Promise<{ items: EmailCampaign[]; page: number; pageSize: number; total: number }> {
  requireAccess(ctx.actor, READ);
  const pageSize = EMAIL_MARKETING_LIMITS.pageSize;
  return inTenant(ctx, async (tx, tenantId) => {
    const { rows, total } = await listCampaignRows(tx, tenantId, {
      limit: pageSize,
      offset: (query.page - 1) * pageSize,
    });
    const figures = await figuresOf(
      tx,
      tenantId,
      rows.map((row) => row.id),
    );
    return {
      items: rows.map((row) => toDto(row, figures.get(row.id)!)),
      page: query.page,
      pageSize,
      total,
    };
  });
}

export async function getEmail(ctx: ServiceContext, id: string): Promise<EmailCampaign> {
  requireAccess(ctx.actor, READ);
  if (!isUuid(id)) emailNotFound(id);
  return inTenant(ctx, (tx, tenantId) => dtoOf(tx, tenantId, id));
}

export async function createEmail(
  ctx: ServiceContext,
  input: EmailCampaignInput,
): Promise<EmailCampaign> {
  requireAccess(ctx.actor, WRITE);
  return inTenant(ctx, async (tx, tenantId) => {
    await requireOwnSegment(tx, tenantId, input.segmentId);
    const row = await insertCampaign(tx, {
      ...input,
      userId: tenantId,
      createdBy: ctx.actor.userId,
    });
    return dtoOf(tx, tenantId, row.id);
  });
}

export async function updateEmail(
  ctx: ServiceContext,
  id: string,
  input: EmailCampaignInput & { version: number },
): Promise<EmailCampaign> {
  requireAccess(ctx.actor, WRITE);
  const { version, ...changes } = input;
  return inTenant(ctx, async (tx, tenantId) => {
    const current = await campaignRow(tx, tenantId, id);
    if (current.version !== version || current.status !== 'draft') {
      throw stateError(current, version);
    }
    await requireOwnSegment(tx, tenantId, changes.segmentId);
    const row = await updateCampaignAt(tx, tenantId, id, version, ['draft'], changes);
    if (!row) throw stateError((await campaignRow(tx, tenantId, id)) as CampaignRow, version);
    return dtoOf(tx, tenantId, id);
  });
}

export async function deleteEmail(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  requireAccess(ctx.actor, WRITE);
  return inTenant(ctx, async (tx, tenantId) => {
    const current = await campaignRow(tx, tenantId, id);
    if (!(await deleteDraftRow(tx, tenantId, id))) {
      throw stateError(current, current.version, 'Only a draft can be deleted.');
    }
    return { id };
  });
}

/** What a send needs, each refusal on its field. */
function sendRefusals(row: CampaignRow, sendAt: Date | null, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!row.subject.trim()) errors['subject'] = 'Write a subject';
  if (!row.body.trim()) errors['body'] = 'Write the e-mail';
  if (!row.segmentId) errors['segmentId'] = 'Choose a segment';
  const unknown = unknownMergeFields(row.subject, row.preheader, row.body);
  if (unknown.length > 0) {
    errors['body'] ??= `Unknown merge field${unknown.length > 1 ? 's' : ''}: ${unknown
      .map((f) => `{{${f}}}`)
      .join(', ')}`;
  }
  if (sendAt && sendAt.getTime() <= now.getTime()) {
    errors['sendAt'] = 'Choose a time in the future';
  }
  return errors;
}

/** Sends now (status 'sending') or at a future time ('scheduled'). */
export async function sendEmail(
  ctx: ServiceContext,
  id: string,
  input: { sendAt: string | null; version: number },
): Promise<EmailCampaign> {
  requireAccess(ctx.actor, WRITE);
  const now = new Date();
  const sendAt = input.sendAt ? new Date(input.sendAt) : null;
  return inTenant(ctx, async (tx, tenantId) => {
    const current = await campaignRow(tx, tenantId, id);
    if (current.version !== input.version || current.status !== 'draft') {
      throw stateError(current, input.version, 'This e-mail has already been sent or scheduled.');
    }
    const errors = sendRefusals(current, sendAt, now);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const reach = await reachOfSegment(tx, tenantId, current.segmentId!, now);
    if (!reach) throw validationError({ segmentId: 'Choose one of your segments' });
    if (reach.reachable === 0) {
      throw validationError({
        segmentId: 'No contact of this segment has an e-mail address and consent',
      });
    }
    const row = await updateCampaignAt(tx, tenantId, id, input.version, ['draft'], {
      status: sendAt ? 'scheduled' : 'sending',
      sendAt: sendAt ?? now,
    });
    if (!row) throw stateError(current, input.version);
    if (!sendAt) afterCommit(tx, () => queueSending(ctx.deps, tenantId));
    return dtoOf(tx, tenantId, id);
  });
}

/**
 * A scheduled e-mail goes back to being a draft; one being sent stops: the recipients still
 * queued are skipped (a message already handed to the server is answered as usual).
 */
export async function cancelEmail(ctx: ServiceContext, id: string): Promise<EmailCampaign> {
  requireAccess(ctx.actor, WRITE);
  return inTenant(ctx, async (tx, tenantId) => {
    const current = await campaignRow(tx, tenantId, id);
    if (current.status === 'scheduled') {
      await updateCampaignAt(tx, tenantId, id, current.version, ['scheduled'], {
        status: 'draft',
        sendAt: null,
      });
    } else if (current.status === 'sending') {
      await updateCampaignAt(tx, tenantId, id, current.version, ['sending'], {
        status: 'cancelled',
        finishedAt: new Date(),
      });
      await cancelRecipients(tx, tenantId, id);
    } else {
      throw stateError(
        current,
        current.version,
        'Only a scheduled or sending e-mail can be cancelled.',
      );
    }
    return dtoOf(tx, tenantId, id);
  });
}
