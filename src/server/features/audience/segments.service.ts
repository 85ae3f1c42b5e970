import { z } from 'zod';
import {
  AUDIENCE_LIMITS,
  segmentTreeSchema,
  type Contact,
  type Segment,
  type SegmentNode,
} from '#shared/contracts/audience.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Permission } from '#shared/permissions.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { isUuid } from '../profile/user-id.ts';
import { checkRuleTree } from './segment-check.ts';
import { segmentWhere } from './segment-sql.ts';
import {
  countContactsForEach,
  countContactsWhere,
  deleteSegmentRow,
  findSegment,
  insertSegment,
  listSegmentRows,
  sampleContactsWhere,
  updateSegmentRow,
  type SegmentRow,
} from './segments.repository.ts';
import { toContact } from './contact-dto.ts';

// Segments (docs/decisions/097-audience.md): rule trees saved by name, each shown with the
// number of contacts it selects now (a segment is live: it is counted when read, never stored),
// and the preview the segment builder asks for at every change of the tree: that count and a
// sample of the contacts, most recent interaction first. Every member reads and previews (as the
// inbox is read); saving, changing and deleting take the rights of acting on the inbox.

export const READ_PERMISSION: Permission = 'read:dashboard';
export const WRITE_PERMISSION: Permission = 'reply:inbox';

const nameSchema = z
  .string({ error: 'Name the segment' })
  .trim()
  .min(1, 'Name the segment')
  .max(
    AUDIENCE_LIMITS.segmentNameLength,
    `At most ${AUDIENCE_LIMITS.segmentNameLength} characters`,
  );

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `segment ${id} not found` });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A body of `{ name?, rule? }` (both required unless `partial`), with every refusal named. */
function parseBody(body: unknown, keys: readonly ('name' | 'rule')[], partial: boolean) {
  const errors: Record<string, string> = {};
  const input = isObject(body) ? body : {};
  if (!isObject(body)) errors['_'] = 'Expected a JSON object';
  for (const key of Object.keys(input)) {
    if (!(keys as readonly string[]).includes(key)) errors[key] = 'Unknown field';
  }
  let name: string | undefined;
  let rule: SegmentNode | undefined;
  if (keys.includes('name') && (!partial || input['name'] !== undefined)) {
    const parsed = nameSchema.safeParse(input['name']);
    if (parsed.success) name = parsed.data;
    else errors['name'] = fieldErrorsFromZod(parsed.error)['_'] ?? 'Name the segment';
  }
  if (keys.includes('rule') && (!partial || input['rule'] !== undefined)) {
    if (input['rule'] === undefined) errors['rule'] = 'Give the segment a rule tree';
    else {
      const checked = checkRuleTree(input['rule']);
      if (checked.ok) rule = checked.rule;
      else Object.assign(errors, checked.fieldErrors);
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { name, rule };
}

/** The stored tree, or an OR of nothing (no contact) should a stored tree no longer parse. */
function storedRule(row: SegmentRow): SegmentNode {
  const parsed = segmentTreeSchema.safeParse(row.rule);
  return parsed.success ? parsed.data : { op: 'or', children: [] };
}

function segmentDto(row: SegmentRow, rule: SegmentNode, count: number): Segment {
  return {
    id: row.id,
    name: row.name,
    rule,
    count,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function segmentOf(tx: Tx, row: SegmentRow, now: Date): Promise<Segment> {
  const rule = storedRule(row);
  return segmentDto(row, rule, await countContactsWhere(tx, row.userId, segmentWhere(rule, now)));
}

function inTenant<T>(ctx: ServiceContext, fn: (tx: Tx, tenantId: string) => Promise<T>) {
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) => fn(tx, ctx.actor.tenantId));
}

export async function listSegments(ctx: ServiceContext): Promise<Segment[]> {
  requireAccess(ctx.actor, READ_PERMISSION);
  const now = new Date();
  return inTenant(ctx, async (tx, tenantId) => {
    const rows = await listSegmentRows(tx, tenantId);
    const rules = rows.map(storedRule);
    const counts = await countContactsForEach(
      tx,
      tenantId,
      rules.map((rule) => segmentWhere(rule, now)),
    );
    return rows.map((row, i) => segmentDto(row, rules[i]!, counts[i]!));
  });
}

export async function getSegment(ctx: ServiceContext, id: string): Promise<Segment> {
  requireAccess(ctx.actor, READ_PERMISSION);
  if (!isUuid(id)) notFound(id);
  return inTenant(ctx, async (tx, tenantId) => {
    const row = (await findSegment(tx, tenantId, id)) ?? notFound(id);
    return segmentOf(tx, row, new Date());
  });
}

export async function createSegment(ctx: ServiceContext, body: unknown): Promise<Segment> {
  requireAccess(ctx.actor, WRITE_PERMISSION);
  const { name, rule } = parseBody(body, ['name', 'rule'], false);
  return inTenant(ctx, async (tx, tenantId) => {
    const row = await insertSegment(tx, {
      userId: tenantId,
      name: name!,
      rule: rule!,
      createdBy: ctx.actor.userId,
    });
    return segmentOf(tx, row, new Date());
  });
}

export async function updateSegment(
  ctx: ServiceContext,
  id: string,
  body: unknown,
): Promise<Segment> {
  requireAccess(ctx.actor, WRITE_PERMISSION);
  if (!isUuid(id)) notFound(id);
  const changes = parseBody(body, ['name', 'rule'], true);
  return inTenant(ctx, async (tx, tenantId) => {
    const row =
      (await updateSegmentRow(tx, tenantId, id, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.rule !== undefined ? { rule: changes.rule } : {}),
      })) ?? notFound(id);
    return segmentOf(tx, row, new Date());
  });
}

export async function deleteSegment(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  requireAccess(ctx.actor, WRITE_PERMISSION);
  if (!isUuid(id)) notFound(id);
  return inTenant(ctx, async (tx, tenantId) => {
    if (!(await deleteSegmentRow(tx, tenantId, id))) notFound(id);
    return { id };
  });
}

/** The builder's live count and sample of an unsaved tree: two statements, one transaction. */
export async function previewSegment(
  ctx: ServiceContext,
  body: unknown,
): Promise<{ count: number; sample: Contact[] }> {
  requireAccess(ctx.actor, READ_PERMISSION);
  const { rule } = parseBody(body, ['rule'], false);
  const where = segmentWhere(rule!, new Date());
  return inTenant(ctx, async (tx, tenantId) => {
    const count = await countContactsWhere(tx, tenantId, where);
    const sample =
      count === 0 ? [] : await sampleContactsWhere(tx, tenantId, where, AUDIENCE_LIMITS.sample);
    return { count, sample: sample.map(toContact) };
  });
}
