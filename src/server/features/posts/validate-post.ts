import type { PostStatus, PostType, TargetProblem } from '#shared/contracts/posts.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import { checkTarget, type TargetMedia } from '#shared/publishing-rules.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Feature } from '#shared/plans.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { compatibilityOf } from '../media/compatibility.ts';
import type { MediaRow } from '../media/media.repository.ts';
import type { ConnectionRow } from '../platforms/platforms.repository.ts';
import { readQuota } from '../platforms/publishing-limit.ts';
import { describeEntitlements, grants, type Entitlements } from '../subscription/entitlements.ts';
import { problem } from './post-refusal.ts';

// What a post must satisfy before it is saved: its own fields (a time in the future to be
// scheduled; a note is never published, docs/decisions/074), the plan
// (docs/product/services.md#calendar-events), and every account it goes to: connected, its
// access not ended, its files in the library, and — to be scheduled or published — each
// platform's rules (src/shared/publishing-rules.ts, the composer's own) and the account's
// 24-hour quota read from the platform (docs/product/screens.md#publishing,
// docs/decisions/080, 085). Nothing here writes; problems are collected and refused together.

/** One account a post goes to, as the rows keep it. */
export interface TargetSpec {
  connectionId: string;
  format: TargetFormat;
  mediaIds: string[];
  firstComment: string | null;
}

/** A target to check, with its position in what the person sent (fields are targets.N.…). */
export interface IndexedTarget {
  spec: TargetSpec;
  index: number;
}

export interface FieldsToCheck {
  type: PostType;
  scheduledFor: Date | null;
  /** The status the save gives the post. */
  status: PostStatus;
  /** Scheduling, or moving a scheduled post, looks forward; editing its text does not. */
  mustLookForward: boolean;
  /** Accounts chosen in this save (a note takes none). */
  chosenTargets: number;
}

/** The post's own rules, with the field each one is about. */
export function fieldProblems(f: FieldsToCheck, now: Date): TargetProblem[] {
  const problems: TargetProblem[] = [];
  if (f.type === 'note') {
    // docs/product/entities.md#calendar_events: a note is never published.
    if (f.status === 'scheduled') {
      problems.push(
        problem('status', 'note_not_published', 'A note is never published; save it as a draft'),
      );
    }
    if (f.chosenTargets > 0) {
      problems.push(problem('type', 'note_not_published', 'A note is never published'));
    }
  }
  if (f.mustLookForward) {
    if (!f.scheduledFor) {
      problems.push(problem('scheduled_for', 'time_required', 'Choose when to publish'));
    } else if (f.scheduledFor.getTime() <= now.getTime()) {
      problems.push(problem('scheduled_for', 'time_in_future', 'Choose a time in the future'));
    }
  }
  return problems;
}

/** The same account twice in one list is refused on the second. */
export function duplicateProblems(specs: readonly TargetSpec[]): TargetProblem[] {
  const seen = new Set<string>();
  const problems: TargetProblem[] = [];
  specs.forEach((s, i) => {
    if (seen.has(s.connectionId)) {
      problems.push(
        problem(`targets.${i}.connection_id`, 'account_once', 'This account is chosen twice'),
      );
    }
    seen.add(s.connectionId);
  });
  return problems;
}

function featureFor(type: PostType): Feature {
  return type === 'ai_generated' ? 'ai-content' : 'calendar';
}

/**
 * docs/product/roles-and-plans.md#features-by-plan: the calendar and AI content need a plan other
 * than Free and an active subscription (docs/decisions/010: reading and deleting stay allowed).
 */
export function requireFeature(plan: Entitlements, tenantId: string, type: PostType): void {
  const feature = featureFor(type);
  if (grants(plan, feature)) return;
  throw AppError.from('FEATURE_NOT_AVAILABLE', {
    technicalMessage: `${feature} is not in ${tenantId}'s plan (${describeEntitlements(plan)})`,
    details: { feature },
  });
}

export const TARGETS_REQUIRED = problem(
  'targets',
  'targets_required',
  'Choose at least one account to publish to',
);

export interface TargetsToCheck {
  caption: string;
  targets: readonly IndexedTarget[];
  connections: readonly ConnectionRow[];
  media: readonly MediaRow[];
  /**
   * false: only what the rows need (a connected account, files in the library: a draft keeps
   * its targets' rule problems, docs/decisions/085); true: also the account's access, each
   * platform's rules and the account's 24-hour quota, read from the platform now.
   */
  withRules: boolean;
  /** Readings already made by the operation this save is part of, shared with it. */
  quotaReadings?: Map<string, number | null> | undefined;
}

/** Every problem of the targets; quota is read from the platform once per Instagram account. */
export async function targetProblems(deps: AppDeps, t: TargetsToCheck): Promise<TargetProblem[]> {
  const problems: TargetProblem[] = [];
  const quota = t.quotaReadings ?? new Map<string, number | null>();
  for (const { spec, index } of t.targets) {
    const connection = t.connections.find((c) => c.id === spec.connectionId);
    const account = connection ? accountLabel(connection) : null;
    const at = `targets.${index}`;
    const add = (field: string, rule: string, message: string) =>
      problems.push({ field, connection_id: spec.connectionId, account, rule, message });
    if (!connection || connection.status !== 'connected') {
      add(
        `${at}.connection_id`,
        'account_connected',
        'This account is not connected. Connect it on the Platforms page first',
      );
      continue;
    }
    if (t.withRules && (connection.health === 'expired' || connection.health === 'revoked')) {
      add(
        `${at}.connection_id`,
        'account_token',
        'The access to this account has ended. Reconnect it on the Platforms page',
      );
      continue;
    }
    const media: TargetMedia[] = [];
    spec.mediaIds.forEach((id, i) => {
      const row = t.media.find((m) => m.id === id);
      if (!row) {
        add(`${at}.media_ids.${i}`, 'media_exists', 'This file is not in the media library');
        return;
      }
      media.push({ id, kind: row.kind, status: row.status, compatibility: compatibilityOf(row) });
    });
    if (!t.withRules) continue;
    let remaining: number | null = null;
    if (connection.platform === 'instagram') {
      if (!quota.has(connection.id)) {
        quota.set(connection.id, (await readQuota(deps, connection)).remaining);
      }
      remaining = quota.get(connection.id) ?? null;
    }
    problems.push(
      ...checkTarget({
        index,
        connectionId: spec.connectionId,
        account,
        platform: connection.platform,
        format: spec.format,
        caption: t.caption,
        firstComment: spec.firstComment,
        media,
        quotaRemaining: remaining,
        quotaNeeded: 1,
      }),
    );
  }
  return problems;
}
