import { INBOX_LIMITS } from '#shared/contracts/inbox.contract.ts';

// The thread list of the social monitor in one statement (docs/decisions/091 "Ordered by the
// platform's time"): a page of threads ordered by the newest item's platform time, keyset-paged
// on (last_item_at, id), and the filter counts, each counted over at most countCap + 1 rows so a
// busy inbox costs no more than a quiet one ("99+"). One round trip per page.

export interface ThreadListQuery {
  tenantId: string;
  userId: string;
  kind: 'comment' | 'conversation';
  platform?: 'instagram' | 'facebook' | undefined;
  connectionId?: string | undefined;
  unread?: boolean | undefined;
  needsReply?: boolean | undefined;
  assignee: 'anyone' | 'me' | 'nobody';
  sentiment?: 'positive' | 'neutral' | 'negative' | undefined;
  status: 'open' | 'done' | 'all';
  q?: string | undefined;
  after?: { lastItemAt: string; id: string } | null;
  pageSize?: number;
}

/** A search term as an ILIKE pattern that matches it literally (%, _ and \ escaped). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const CAP = INBOX_LIMITS.countCap + 1;

/**
 * The statement and its values; its one row's `json` is the ThreadListResponse. The cursor of
 * the next page is the last thread's platform time (as stored, to the microsecond) and id.
 */
export function threadListStatement(query: ThreadListQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [query.tenantId, query.kind];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const base: string[] = ['t.user_id = $1::uuid', 't.kind = $2'];
  if (query.platform) base.push(`t.platform = ${p(query.platform)}`);
  if (query.connectionId) base.push(`t.connection_id = ${p(query.connectionId)}::uuid`);
  if (query.sentiment) base.push(`t.sentiment = ${p(query.sentiment)}`);
  if (query.q) {
    const like = p(likePattern(query.q));
    base.push(`(t.preview ILIKE ${like} OR t.participant_name ILIKE ${like}
      OR t.participant_handle ILIKE ${like}
      OR EXISTS (SELECT 1 FROM public.inbox_items i
                  WHERE i.user_id = t.user_id AND i.thread_id = t.id AND i.text ILIKE ${like}))`);
  }
  const me = p(query.userId);
  const page: string[] = [];
  if (query.status !== 'all') page.push(`t.status = ${p(query.status)}`);
  if (query.unread) page.push('t.unread_count > 0');
  if (query.needsReply) page.push('t.needs_reply');
  if (query.assignee === 'me') page.push(`t.assigned_to = ${me}::uuid`);
  if (query.assignee === 'nobody') page.push('t.assigned_to IS NULL');
  if (query.after) {
    page.push(
      `(t.last_item_at, t.id) < (${p(query.after.lastItemAt)}::timestamptz, ${p(query.after.id)}::uuid)`,
    );
  }
  const size = query.pageSize ?? INBOX_LIMITS.pageSize;
  const limit = p(size + 1);
  const count = (where: string) =>
    `(SELECT count(*)::int FROM (SELECT 1 FROM base t WHERE ${where} LIMIT ${CAP}) x)`;
  const iso = (column: string) =>
    `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // The answer is ThreadListResponse as JSON text, passed through without parsing (okJson).
  const sql = `WITH base AS MATERIALIZED (
      SELECT t.* FROM public.inbox_threads t WHERE ${base.join(' AND ')}
    ), page AS (
      SELECT t.id, t.kind, t.connection_id, t.platform, t.participant_id, t.participant_name,
             t.participant_handle, t.participant_picture_url, t.preview, t.last_item_at,
             t.last_inbound_at, t.unread_count, t.needs_reply, t.sentiment, t.status,
             t.assigned_to,
             row_number() OVER (ORDER BY t.last_item_at DESC, t.id DESC) AS n
        FROM base t
       ${page.length > 0 ? `WHERE ${page.join(' AND ')}` : ''}
       ORDER BY t.last_item_at DESC, t.id DESC
       LIMIT ${limit}
    )
    SELECT json_build_object(
      'threads', coalesce((SELECT json_agg(json_build_object(
          'id', g.id, 'kind', g.kind,
          'account', json_build_object('connectionId', g.connection_id, 'platform', g.platform,
                                       'name', coalesce(c.name, ''), 'username', c.username),
          'participant', json_build_object('id', g.participant_id, 'name', g.participant_name,
                                           'handle', g.participant_handle,
                                           'pictureUrl', g.participant_picture_url),
          'preview', g.preview, 'lastItemAt', ${iso('g.last_item_at')},
          'lastInboundAt', ${iso('g.last_inbound_at')}, 'unreadCount', g.unread_count,
          'needsReply', g.needs_reply, 'sentiment', g.sentiment, 'status', g.status,
          'assignedTo', CASE WHEN g.assigned_to IS NULL THEN NULL ELSE json_build_object(
            'userId', g.assigned_to, 'name', coalesce(pr.full_name, 'Team member')) END
        ) ORDER BY g.n)
        FROM page g
        /* Accounts and people of the rows on the page only, by their keys. */
        LEFT JOIN public.platform_connections c ON c.id = g.connection_id AND c.user_id = $1::uuid
        LEFT JOIN public.profiles pr ON pr.id = g.assigned_to
        WHERE g.n <= ${size}), '[]'::json),
      'counts', json_build_object(
        'open', ${count(`t.status = 'open'`)},
        'unread', ${count(`t.status = 'open' AND t.unread_count > 0`)},
        'needsReply', ${count(`t.status = 'open' AND t.needs_reply`)},
        'mine', ${count(`t.status = 'open' AND t.assigned_to = ${me}::uuid`)},
        'unassigned', ${count(`t.status = 'open' AND t.assigned_to IS NULL`)},
        'done', ${count(`t.status = 'done'`)}),
      'nextCursor', (SELECT translate(rtrim(encode(convert_to(
          (to_jsonb(g.last_item_at) #>> '{}') || '|' || g.id, 'UTF8'), 'base64'), '='),
          E'+/\n', '-_')
        FROM page g WHERE g.n = ${size} AND EXISTS (SELECT 1 FROM page x WHERE x.n > ${size}))
    )::text AS json`;
  return { sql, params };
}

/** A thread as to_jsonb gives it (timestamps as text). */
export interface ThreadRowJson {
  id: string;
  kind: 'comment' | 'conversation';
  connection_id: string;
  platform: 'instagram' | 'facebook';
  participant_id: string | null;
  participant_name: string | null;
  participant_handle: string | null;
  participant_picture_url: string | null;
  preview: string;
  last_item_at: string;
  last_inbound_at: string | null;
  unread_count: number;
  needs_reply: boolean;
  sentiment: 'positive' | 'neutral' | 'negative' | null;
  status: 'open' | 'done';
  assigned_to: string | null;
  account_name: string | null;
  account_username: string | null;
  assignee_name: string | null;
}

/** null for a cursor this server did not make (the list starts again from the top). */
export function decodeCursor(
  cursor: string | undefined,
): { lastItemAt: string; id: string } | null {
  if (!cursor) return null;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || Number.isNaN(Date.parse(at)) || rest.length > 0) return null;
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { lastItemAt: at, id };
}
