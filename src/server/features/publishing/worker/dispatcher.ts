import type { MetaClient } from '#server/integrations/meta/client.ts';
import type { PublishJobPayload } from '../../posts/index.ts';

// What a publishing job carries and where follow-up work goes (docs/decisions/080). A job only
// says "look at post X at version V": every step starts from the database row, never from the
// job.

/** What a job carries (defined with the publish queue by the posts feature). */
export type { PublishJobPayload };

/** Where follow-up work goes: pg-boss in the app, an in-memory queue in the reliability test. */
export interface Dispatcher {
  publish(payload: PublishJobPayload, at: Date): Promise<void>;
  reconcile(payload: PublishJobPayload, at: Date): Promise<void>;
  /**
   * Of `payloads`, those for which a `kind` job is already waiting to run (a backlog, not a lost
   * job): the sweeper leaves them be. Without it every overdue post is sent again.
   */
  waiting?(kind: 'publish' | 'reconcile', payloads: PublishJobPayload[]): Promise<Set<string>>;
}

/** How a job's payload is told apart from another: the post and the version it is for. */
export function payloadKey(payload: PublishJobPayload): string {
  return `${payload.postId}:${payload.version}`;
}

/** The payload that names a post as it is now. */
export function payloadOf(post: {
  id: string;
  userId: string;
  version: number;
}): PublishJobPayload {
  return { postId: post.id, userId: post.userId, version: post.version };
}

export interface WorkerOptions {
  dispatcher: Dispatcher;
  client?: MetaClient;
  now?: () => Date;
  /** How long a claim holds a post (STUCK_PUBLISHING_MS unless configured). */
  leaseMs?: number;
}
