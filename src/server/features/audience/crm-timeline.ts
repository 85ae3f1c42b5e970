import {
  and,
  desc,
  eq,
  getTableColumns,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';
import { CONTACT_STAGES } from '#shared/contracts/audience.contract.ts';
import {
  CRM_LIMITS,
  timelineQuerySchema,
  type TimelineEntry,
  type TimelinePage,
} from '#shared/contracts/crm.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { inboxItems, inboxThreads } from '../inbox/inbox.tables.ts';
import * as repo from './contacts.repository.ts';
import { contactNotFound, READ } from './contacts.service.ts';
import { parseInput, requireCrm } from './crm-gate.ts';
import { memberOf, unsafeNamesOf } from './crm-members.ts';
import { toNotes, type NoteRow } from './crm-notes.ts';
import { audienceActivities, audienceNotes } from './crm.tables.ts';

// A contact's timeline (docs/decisions/099-crm.md): the person's own comments and messages from
// the inbox threads of its identities, the notes, and its activity, newest first, a page at a
// time. Each source is read up to the page's size from the same position and the three are merged,
// so a page costs three indexed reads whatever the contact's history. The position is the last
// entry's time (to the millisecond, as the browser's clock shows it) and id, so entries of one
// instant are neither repeated nor skipped across pages.

const PREVIEW = 280;

interface Position {
  at: Date;
  id: string;
}

/** `at~id` of an entry; the next page starts after it. */
const positionOf = (entry: { at: string; id: string }) => `${entry.at}~${entry.id}`;

function parsePosition(before: string | undefined): Position | null {
  if (!before) return null;
  const [at, id] = before.split('~') as [string, string];
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  return { at: date, id: id.toLowerCase() };
}

const msOf = (column: AnyColumn) => sql<Date>`date_trunc('milliseconds', ${column})`;

/** Entries strictly older than the position, in the timeline's order. */
function olderThan(at: AnyColumn, id: AnyColumn, position: Position | null): SQL | undefined {
  if (!position) return undefined;
  return sql`(date_trunc('milliseconds', ${at}), ${id}) < (${position.at.toISOString()}::timestamptz, ${position.id}::uuid)`;
}

const userId = z.uuid().nullable();
/** What each kind of activity keeps (crm-activity.ts); a row that does not fit is not shown. */
const activityData = {
  stage: z.object({ from: z.enum(CONTACT_STAGES), to: z.enum(CONTACT_STAGES) }),
  owner: z.object({ from: userId, to: userId }),
  tags: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
  import: z.object({ source: z.string().nullable().default(null) }),
  merge: z.object({ otherName: z.string() }),
  // The sender writes { campaignName, event }; an unsubscribe, { event } alone.
  email: z
    .object({
      campaignName: z.string().optional(),
      status: z.string().optional(),
      event: z.string().optional(),
    })
    .transform((d) => ({
      campaignName: d.campaignName ?? 'A campaign',
      status: d.status ?? d.event ?? 'sent',
    })),
} as const;

type InteractionEntry = Extract<TimelineEntry, { kind: 'interaction' }>;

async function interactions(
  tx: Tx,
  tenantId: string,
  identities: readonly repo.IdentityRow[],
  position: Position | null,
  limit: number,
): Promise<InteractionEntry[]> {
  if (identities.length === 0) return [];
  const rows = await tx
    .select({
      id: inboxItems.id,
      at: msOf(inboxItems.sentAt),
      kind: inboxItems.kind,
      platform: inboxItems.platform,
      text: inboxItems.text,
      threadId: inboxItems.threadId,
    })
    .from(inboxItems)
    .innerJoin(
      inboxThreads,
      and(eq(inboxThreads.id, inboxItems.threadId), eq(inboxThreads.userId, inboxItems.userId)),
    )
    .where(
      and(
        eq(inboxItems.userId, tenantId),
        eq(inboxItems.direction, 'in'),
        isNull(inboxItems.deletedAt),
        or(
          ...identities.map((i) =>
            and(
              eq(inboxThreads.platform, i.platform),
              eq(inboxThreads.participantId, i.externalId),
            ),
          ),
        ),
        olderThan(inboxItems.sentAt, inboxItems.id, position),
      ),
    )
    .orderBy(desc(msOf(inboxItems.sentAt)), desc(inboxItems.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: 'interaction' as const,
    id: r.id,
    at: new Date(r.at).toISOString(),
    itemKind: r.kind,
    platform: r.platform,
    preview: r.text.length > PREVIEW ? `${r.text.slice(0, PREVIEW - 1)}…` : r.text,
    threadId: r.threadId,
  }));
}

async function noteRows(
  tx: Tx,
  tenantId: string,
  contactId: string,
  position: Position | null,
  limit: number,
): Promise<Array<NoteRow & { at: Date }>> {
  return tx
    .select({ ...getTableColumns(audienceNotes), at: msOf(audienceNotes.createdAt) })
    .from(audienceNotes)
    .where(
      and(
        eq(audienceNotes.userId, tenantId),
        eq(audienceNotes.contactId, contactId),
        olderThan(audienceNotes.createdAt, audienceNotes.id, position),
      ),
    )
    .orderBy(desc(msOf(audienceNotes.createdAt)), desc(audienceNotes.id))
    .limit(limit);
}

async function activityRows(
  tx: Tx,
  tenantId: string,
  contactId: string,
  position: Position | null,
  limit: number,
) {
  return tx
    .select({
      id: audienceActivities.id,
      at: msOf(audienceActivities.createdAt),
      kind: audienceActivities.kind,
      actorId: audienceActivities.actorId,
      data: audienceActivities.data,
    })
    .from(audienceActivities)
    .where(
      and(
        eq(audienceActivities.userId, tenantId),
        eq(audienceActivities.contactId, contactId),
        // Notes are shown from their own table, as they read now.
        ne(audienceActivities.kind, 'note'),
        olderThan(audienceActivities.createdAt, audienceActivities.id, position),
      ),
    )
    .orderBy(desc(msOf(audienceActivities.createdAt)), desc(audienceActivities.id))
    .limit(limit);
}

type ActivityRow = Awaited<ReturnType<typeof activityRows>>[number];

/** Activities as entries, their people named; a row whose data does not fit is left out. */
function toActivityEntries(rows: readonly ActivityRow[], names: Map<string, string>) {
  const entries: TimelineEntry[] = [];
  for (const row of rows) {
    if (row.kind === 'note') continue;
    const parsed = activityData[row.kind].safeParse(row.data);
    if (!parsed.success) continue;
    const base = { id: row.id, at: new Date(row.at).toISOString() };
    const actor = memberOf(names, row.actorId);
    const data = parsed.data;
    entries.push(
      'from' in data && row.kind === 'owner'
        ? {
            ...base,
            kind: 'owner',
            actor,
            from: memberOf(names, data.from as string | null),
            to: memberOf(names, data.to as string | null),
          }
        : ({ ...data, ...base, kind: row.kind, actor } as TimelineEntry),
    );
  }
  return entries;
}

/** Newest first; `before` is the `nextBefore` of the page read last. */
export async function getTimeline(
  ctx: ServiceContext,
  contactId: string,
  query: unknown,
): Promise<TimelinePage> {
  requireAccess(ctx.actor, READ);
  const tenantId = ctx.actor.tenantId;
  const size = CRM_LIMITS.timelinePage;
  const read = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCrm(tx, tenantId);
    const position = parsePosition(parseInput(timelineQuerySchema, query).before);
    const contact = await repo.findContact(tx, tenantId, contactId);
    if (!contact) throw contactNotFound(contactId);
    const identities = await repo.identitiesOf(tx, tenantId, contactId);
    return {
      interactions: await interactions(tx, tenantId, identities, position, size + 1),
      notes: await noteRows(tx, tenantId, contactId, position, size + 1),
      activities: await activityRows(tx, tenantId, contactId, position, size + 1),
    };
  });
  const names = await unsafeNamesOf(ctx.deps.database.unsafeDb, [
    ...read.activities.flatMap((a) => {
      const data = a.data as { from?: unknown; to?: unknown };
      return [
        a.actorId,
        ...(a.kind === 'owner' ? [data.from, data.to].filter((v) => typeof v === 'string') : []),
      ] as Array<string | null>;
    }),
  ]);
  const notes = await toNotes(ctx, read.notes);
  const merged: TimelineEntry[] = [
    ...read.interactions,
    ...notes.map((note, n) => ({
      kind: 'note' as const,
      id: note.id,
      at: new Date(read.notes[n]!.at).toISOString(),
      note,
    })),
    ...toActivityEntries(read.activities, names),
  ].sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : x.at < y.at ? 1 : -1));
  const items = merged.slice(0, size);
  const last = items.at(-1);
  return { items, nextBefore: merged.length > size && last ? positionOf(last) : null };
}
