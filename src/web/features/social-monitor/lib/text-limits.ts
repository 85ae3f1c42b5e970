import {
  INBOX_LIMITS,
  messageInputSchema,
  privateReplyInputSchema,
  replyInputSchema,
  type InboxPlatform,
} from '#shared/contracts/inbox.contract.ts';

// What the platform takes in one reply or message (docs/product/meta-platform.md#comments,
// #messaging; INBOX_LIMITS), checked before anything is sent. The server checks again.

export type ReplyKind = 'comment' | 'message' | 'private';

export interface TextLimit {
  max: number;
  unit: 'characters' | 'bytes';
}

const encoder = new TextEncoder();

export function limitFor(platform: InboxPlatform, kind: ReplyKind): TextLimit {
  if (kind === 'comment') {
    return {
      max:
        platform === 'instagram'
          ? INBOX_LIMITS.instagramCommentChars
          : INBOX_LIMITS.facebookCommentChars,
      unit: 'characters',
    };
  }
  if (platform === 'instagram') return { max: INBOX_LIMITS.instagramMessageBytes, unit: 'bytes' };
  // A private reply is a message of 1,000 characters at most (inbox.contract.ts).
  return {
    max: kind === 'private' ? 1_000 : INBOX_LIMITS.messengerMessageChars,
    unit: 'characters',
  };
}

/** Characters as people count them (an emoji is one), or UTF-8 bytes. */
export function measure(text: string, unit: TextLimit['unit']): number {
  return unit === 'bytes' ? encoder.encode(text).length : [...text].length;
}

const PLATFORM_NAMES: Record<InboxPlatform, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
};

/**
 * Why this text cannot be sent, or null: empty, over the platform's limit, or refused by the
 * contract's schema.
 */
export function checkText(
  text: string,
  platform: InboxPlatform,
  kind: ReplyKind,
  options: { hasMedia?: boolean; clientRef: string; toExternalId?: string | undefined },
): string | null {
  const limit = limitFor(platform, kind);
  const used = measure(text.trim(), limit.unit);
  if (used > limit.max) {
    const what = kind === 'comment' ? 'comment reply' : 'message';
    return `${PLATFORM_NAMES[platform]} takes up to ${limit.max.toLocaleString('en')} ${limit.unit} in a ${what}; this one has ${used.toLocaleString('en')}.`;
  }
  const parsed =
    kind === 'comment'
      ? replyInputSchema.safeParse({
          text,
          clientRef: options.clientRef,
          ...(options.toExternalId ? { toExternalId: options.toExternalId } : {}),
        })
      : kind === 'private'
        ? privateReplyInputSchema.safeParse({
            commentExternalId: options.toExternalId ?? 'comment',
            text,
            clientRef: options.clientRef,
          })
        : messageInputSchema.safeParse({
            text,
            clientRef: options.clientRef,
            ...(options.hasMedia ? { mediaId: options.clientRef } : {}),
          });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'This cannot be sent.');
}

/** A fresh id for an optimistic item (the answer names it). */
export function newClientRef(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
