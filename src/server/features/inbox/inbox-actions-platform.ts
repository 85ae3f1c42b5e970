import type { InboxClient, InboxHost } from '#server/integrations/meta/inbox-client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { perProcess } from '#server/platform/per-process.ts';
import { connectionToken } from '../platforms/connection-health.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import type { ConnectionRow } from './inbox.repository.ts';

// What the inbox's actions ask of the Graph API (docs/product/meta-platform.md#comments,
// #messaging): the Meta runtime's inbox client, reached through one part of the process so a
// test may put a scripted platform in its place.

export type Host = InboxHost;
type Platform = 'facebook' | 'instagram';

export type InboxPlatformClient = Pick<
  InboxClient,
  | 'replyToComment'
  | 'setCommentHidden'
  | 'deleteComment'
  | 'setCommentLiked'
  | 'privateReply'
  | 'sendMessage'
>;

export const inboxPlatform = perProcess(
  (deps: AppDeps): InboxPlatformClient => metaRuntime(deps).client.inbox,
);

/** How an account is reached: its host, the id messages go from, and its token. */
export interface Reach {
  platform: Platform;
  host: Host;
  /** Facebook Login: the Page (for Instagram, the linked Page); Instagram Login: the account. */
  accountId: string;
  token: string;
}

export function reachOf(deps: AppDeps, connection: ConnectionRow): Reach | null {
  const token = connectionToken(deps, connection);
  if (!token) return null;
  const host: Host = connection.login === 'instagram' ? 'instagram' : 'facebook';
  const accountId =
    connection.platform === 'instagram' && host === 'facebook'
      ? (connection.linkedPageId ?? connection.externalId)
      : connection.externalId;
  return { platform: connection.platform, host, accountId, token };
}

/** The Graph error's code and subcode, whichever error class carries them. */
export function graphCodes(error: unknown): { code: number | null; subcode: number | null } {
  if (typeof error !== 'object' || error === null) return { code: null, subcode: null };
  const e = error as {
    code?: unknown;
    subcode?: unknown;
    details?: { code?: unknown; subcode?: unknown };
  };
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    code: num(e.details?.code) ?? num(e.code),
    subcode: num(e.details?.subcode) ?? num(e.subcode),
  };
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001, 80002, 80005, 80006]);
const UNAVAILABLE_SUBCODES = new Set([2534014, 2534029, 2534001]);

export type PlatformRefusal =
  | 'window'
  | 'private-reply-sent'
  | 'unavailable'
  | 'messages-off'
  | 'restricted'
  | 'permission'
  | 'rate-limited'
  | 'other';

/**
 * Which refusal a Graph error is (docs/product/meta-platform.md#messaging-errors,
 * #errors-and-rate-limits).
 */
export function classifyGraphError(error: unknown): PlatformRefusal {
  const { code, subcode } = graphCodes(error);
  if (subcode === 2534025 || code === 2534025) return 'private-reply-sent';
  if (subcode === 2534022 || subcode === 2018278) return 'window';
  if (subcode === 2534041) return 'messages-off';
  if (subcode === 1893063) return 'restricted';
  if (subcode === 2534040) return 'rate-limited';
  if (code === 551 || code === 9009 || (subcode !== null && UNAVAILABLE_SUBCODES.has(subcode))) {
    return 'unavailable';
  }
  if (code === 100 && subcode === 33) return 'unavailable';
  if (code !== null && RATE_LIMIT_CODES.has(code)) return 'rate-limited';
  if (code === 10 || code === 190 || code === 230 || (code !== null && code >= 200 && code < 300)) {
    return 'permission';
  }
  return 'other';
}

export const REFUSAL_REASONS: Record<PlatformRefusal, string> = {
  window:
    'More than 24 hours have passed since this person last wrote: they have to write again before you can send a message.',
  'private-reply-sent': 'A private reply was already sent to this comment.',
  unavailable: 'This comment or person is no longer available on the platform.',
  'messages-off': 'This person turned off messages from businesses.',
  restricted: 'Meta has temporarily restricted this account from sending messages.',
  permission:
    'The account does not allow this: reconnect it and grant the messaging and comment permissions.',
  'rate-limited': 'The platform is limiting how often this account can act. Try again later.',
  other: 'The platform refused it.',
};
