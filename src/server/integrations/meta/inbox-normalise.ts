import type { GraphComment, GraphPerson } from './inbox-client.ts';

// Graph answers of comments and messages as the inbox client gives them
// (docs/product/meta-platform.md#comments, #conversations): Instagram and Facebook comments
// into one shape, Graph times into ISO 8601, message attachments into {type, url}.

export interface RawComment {
  id: string;
  text?: string;
  message?: string;
  timestamp?: string;
  created_time?: string;
  username?: string;
  from?: { id: string; username?: string; name?: string };
  hidden?: boolean;
  is_hidden?: boolean;
  like_count?: number;
  comment_count?: number;
  parent_id?: string;
  parent?: { id: string };
  replies?: { data: RawComment[] };
}

export interface RawMessage {
  id: string;
  created_time?: string;
  from?: { id: string; username?: string; name?: string; email?: string };
  to?: { data?: { id: string; username?: string; name?: string }[] };
  message?: string;
  attachments?: { data?: RawAttachment[] };
}

export interface RawAttachment {
  mime_type?: string;
  image_data?: { url?: string };
  video_data?: { url?: string };
  file_url?: string;
  type?: string;
  payload?: { url?: string };
}

/** Graph times (`2026-11-28T10:00:00+0000`) as ISO 8601. */
export const iso = (time: string | undefined) => {
  const ms = time ? Date.parse(time.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : NaN;
  return Number.isNaN(ms) ? (time ?? '') : new Date(ms).toISOString();
};

export const person = (from: RawComment['from'], username?: string): GraphPerson | null => {
  if (!from) return username ? { id: '', username } : null;
  return {
    id: from.id,
    ...((from.username ?? username) ? { username: from.username ?? username! } : {}),
    ...(from.name ? { name: from.name } : {}),
  };
};

export function normaliseComment(raw: RawComment, objectId: string, parentId: string | null) {
  const comment: GraphComment = {
    id: raw.id,
    text: raw.text ?? raw.message ?? '',
    timestamp: iso(raw.timestamp ?? raw.created_time),
    from: person(raw.from, raw.username),
    parentId: raw.parent_id ?? raw.parent?.id ?? parentId,
    hidden: Boolean(raw.hidden ?? raw.is_hidden),
    likeCount: raw.like_count ?? 0,
    objectId,
    replies: [],
  };
  comment.replies = (raw.replies?.data ?? []).map((r) => normaliseComment(r, objectId, raw.id));
  return comment;
}

export function attachmentOf(raw: RawAttachment): { type: string; url: string } | null {
  const url = raw.image_data?.url ?? raw.video_data?.url ?? raw.file_url ?? raw.payload?.url;
  if (!url) return null;
  const type =
    raw.type ??
    (raw.image_data
      ? 'image'
      : raw.video_data
        ? 'video'
        : (raw.mime_type?.split('/')[0] ?? 'file'));
  return { type, url };
}
