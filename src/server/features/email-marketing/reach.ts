import type { SQL } from 'drizzle-orm';
import { segmentTreeSchema } from '#shared/contracts/audience.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { segmentWhere } from '../audience/segment-sql.ts';
import { findSegment, type SegmentRow } from '../audience/segments.repository.ts';
import { reachOf } from './campaigns.repository.ts';

// The contacts a campaign e-mail goes to: its segment's rule tree compiled as the audience
// compiles it (segment-sql.ts), narrowed to contacts with an address and consent that are not on
// the suppression list (docs/decisions/100).

export function segmentOf(tx: Tx, tenantId: string, segmentId: string) {
  return findSegment(tx, tenantId, segmentId);
}

/** The segment's condition at `now`; a stored tree that no longer parses selects no one. */
export function whereOfSegment(segment: SegmentRow, now: Date): SQL {
  const parsed = segmentTreeSchema.safeParse(segment.rule);
  return segmentWhere(parsed.success ? parsed.data : { op: 'or', children: [] }, now);
}

/** The reach figures of one of the business's segments; null when it has no such segment. */
export async function reachOfSegment(tx: Tx, tenantId: string, segmentId: string, now: Date) {
  const segment = await segmentOf(tx, tenantId, segmentId);
  return segment ? reachOf(tx, tenantId, whereOfSegment(segment, now)) : null;
}
