import type { SimContext } from './context.ts';
import { messagesOf } from './inbox-store.ts';
import type { SimConversation, SimMessage } from './state.ts';

// Conversation and message nodes as the Conversations API answers them
// (docs/product/meta-platform.md#conversations): Instagram people by username, Messenger people
// by name; a conversation's `messages` newest first, read in detail for the 20 newest only.

/** The fields inside `name{…}` and the `.limit(n)` of a fields list entry. */
function expansion(field: string): { fields: string[] | null; limit: number | null } {
  const braces = field.match(/\{(.*)\}$/);
  const limit = field.match(/\.limit\((\d+)\)/);
  return {
    fields: braces ? braces[1]!.split(/,(?![^{]*\})/).map((f) => f.trim()) : null,
    limit: limit ? Number(limit[1]) : null,
  };
}

function party(ctx: SimContext, conversation: SimConversation, id: string) {
  const instagram = conversation.platform === 'instagram';
  if (id === conversation.accountId) {
    if (instagram) return { username: ctx.state.igAccounts.get(id)?.username ?? '', id };
    return { name: ctx.state.pages.get(id)?.name ?? '', id };
  }
  const person = conversation.person;
  return instagram
    ? { username: person.username, id }
    : { name: person.name, email: `${id}@facebook.com`, id };
}

export function conversationMessageNode(
  ctx: SimContext,
  conversation: SimConversation,
  m: SimMessage,
  fields: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: m.id };
  for (const field of fields) {
    switch (ctx.baseField(field)) {
      case 'created_time':
        out.created_time = ctx.isoTime(m.createdAt);
        break;
      case 'from':
        out.from = party(ctx, conversation, m.fromId);
        break;
      case 'to':
        out.to = { data: [party(ctx, conversation, m.toId)] };
        break;
      case 'message':
        out.message = m.text;
        break;
      case 'is_owner':
        out.is_owner = m.isEcho;
        break;
      case 'attachments':
        if (m.attachments.length > 0) {
          out.attachments = {
            data: m.attachments.map((a, i) =>
              a.type === 'image'
                ? { id: `${m.id}_${i}`, mime_type: 'image/jpeg', image_data: { url: a.url } }
                : a.type === 'video'
                  ? { id: `${m.id}_${i}`, mime_type: 'video/mp4', video_data: { url: a.url } }
                  : { id: `${m.id}_${i}`, mime_type: 'application/octet-stream', file_url: a.url },
            ),
          };
        }
        break;
    }
  }
  return out;
}

export function conversationNode(
  ctx: SimContext,
  conversation: SimConversation,
  fields: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: conversation.id };
  for (const field of fields) {
    switch (ctx.baseField(field)) {
      case 'updated_time':
        out.updated_time = ctx.isoTime(conversation.updatedAt);
        break;
      case 'participants':
        out.participants = {
          data: [
            party(ctx, conversation, conversation.accountId),
            party(ctx, conversation, conversation.person.id),
          ],
        };
        break;
      case 'message_count':
        out.message_count = messagesOf(ctx.state, conversation.id).length;
        break;
      case 'messages': {
        const { fields: detail, limit } = expansion(field);
        const all = messagesOf(ctx.state, conversation.id);
        const wanted = detail ?? ['id', 'created_time'];
        const detailed = wanted.some((f) => !['id', 'created_time'].includes(ctx.baseField(f)));
        // Only the 20 newest can be read in detail.
        const cap = detailed ? 20 : 25;
        const shown = all.slice(0, Math.min(limit ?? cap, cap));
        out.messages = {
          data: shown.map((m) => conversationMessageNode(ctx, conversation, m, wanted)),
          ...(all.length > shown.length ? { paging: { cursors: {} } } : {}),
        };
        break;
      }
    }
  }
  return out;
}
