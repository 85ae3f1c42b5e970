import type { Connection } from '#shared/contracts/platforms.contract.ts';
import {
  MAX_FIRST_COMMENT_LENGTH,
  type AccountQuota,
} from '#shared/contracts/publishing.contract.ts';
import { checkTarget, targetNotices, type TargetMedia } from '#shared/publishing-rules.ts';
import { accountLabel } from '#shared/account-label.ts';
import {
  CONTENT_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  type ComposerValues,
  type SaveIntent,
} from './composer-model.ts';
import { firstCommentFor } from './composer-request.ts';
import { instantOf } from './event-form.ts';

// Every problem of the post the server would refuse, checked with the server's own rules
// (src/shared/publishing-rules.ts) while the person types (docs/decisions/085). The server's own
// refusals become the same problems in composer-refusals.ts.

export type ProblemField =
  'title' | 'content' | 'media' | 'format' | 'account' | 'when' | 'targets' | 'first_comment';

export interface ComposerProblem {
  field: ProblemField;
  connectionId: string | null;
  account: string | null;
  rule: string;
  message: string;
  /** Whether it also stops saving a draft (most problems only stop publishing). */
  blocksDraft: boolean;
  /** The attached file it is about, when it is about one (marked in the media field). */
  mediaId?: string;
}

export const FIELD_LABELS: Record<ProblemField, string> = {
  title: 'Title',
  content: 'Text',
  media: 'Media',
  format: 'Format',
  account: 'Account',
  when: 'Date and time',
  targets: 'Accounts',
  first_comment: 'First comment',
};

/** A server field ("targets.0.media_ids.1", "scheduled_for") as the composer's field. */
export function fieldOf(serverField: string): ProblemField {
  if (serverField === 'content') return 'content';
  if (serverField === 'title') return 'title';
  if (serverField === 'scheduled_for' || serverField === 'status') return 'when';
  if (/^targets\.\d+\.media_ids/.test(serverField)) return 'media';
  if (/^targets\.\d+\.format$/.test(serverField)) return 'format';
  if (/^targets\.\d+\.first_comment$/.test(serverField)) return 'first_comment';
  if (/^targets\.\d+\.connection_id$/.test(serverField)) return 'account';
  return 'targets';
}

/** The file a server field ("targets.0.media_ids.2") is about, from the list that was checked. */
export function mediaIdOf(serverField: string, mediaIds: readonly string[]): string | undefined {
  const index = /^targets\.\d+\.media_ids\.(\d+)$/.exec(serverField)?.[1];
  return index === undefined ? undefined : mediaIds[Number(index)];
}

/** "The title is too long: 214 of 200 characters", so the person knows how much to cut. */
function tooLong(what: string, length: number, max: number): string {
  return `${what} is too long: ${length.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters`;
}

export interface CheckInput {
  values: ComposerValues;
  connections: readonly Connection[];
  /** Library items by id; a file not loaded yet is left out of the media checks. */
  media: ReadonlyMap<string, TargetMedia>;
  quotas: readonly AccountQuota[];
  intent: SaveIntent;
  timeZone: string;
  now?: Date;
}

/**
 * Every problem of the post as it stands, for the intended action. The target rules are the
 * server's own, so what is shown here is what the server would refuse.
 */
export function checkComposer(input: CheckInput): ComposerProblem[] {
  const { values, intent } = input;
  const problems: ComposerProblem[] = [];
  const add = (p: Omit<ComposerProblem, 'connectionId' | 'account'> & Partial<ComposerProblem>) =>
    problems.push({ connectionId: null, account: null, ...p });

  const title = values.title.trim();
  if (!title && !values.content.trim()) {
    add({
      field: 'title',
      rule: 'title_required',
      message: 'Title is required',
      blocksDraft: true,
    });
  } else if (title.length > TITLE_MAX_LENGTH) {
    add({
      field: 'title',
      rule: 'title_length',
      message: tooLong('The title', title.length, TITLE_MAX_LENGTH),
      blocksDraft: true,
    });
  }
  if (values.content.length > CONTENT_MAX_LENGTH) {
    add({
      field: 'content',
      rule: 'content_length',
      message: tooLong('The text', values.content.length, CONTENT_MAX_LENGTH),
      blocksDraft: true,
    });
  }
  if (values.firstComment.length > MAX_FIRST_COMMENT_LENGTH) {
    add({
      field: 'first_comment',
      rule: 'first_comment_length',
      message: tooLong('The first comment', values.firstComment.length, MAX_FIRST_COMMENT_LENGTH),
      blocksDraft: true,
    });
  }

  const hasWhen = values.date !== '' || values.time !== '';
  const instant = instantOf(values, input.timeZone);
  if (intent === 'schedule' && !hasWhen) {
    add({
      field: 'when',
      rule: 'when_required',
      message: 'Choose when to publish',
      blocksDraft: false,
    });
  } else if (hasWhen && !instant && intent !== 'publish') {
    add({
      field: 'when',
      rule: 'when_valid',
      message: 'Please enter a valid date and time',
      blocksDraft: true,
    });
  } else if (
    intent === 'schedule' &&
    instant &&
    instant.getTime() <= (input.now ?? new Date()).getTime()
  ) {
    add({
      field: 'when',
      rule: 'when_future',
      message: 'Choose a time in the future',
      blocksDraft: false,
    });
  }

  if (values.targets.length === 0 && intent !== 'draft') {
    add({
      field: 'targets',
      rule: 'targets_required',
      message: 'Choose at least one account to publish to',
      blocksDraft: false,
    });
  }

  const media = values.mediaIds
    .map((id) => input.media.get(id))
    .filter((m): m is TargetMedia => m !== undefined);
  const checkedIds = media.map((m) => m.id);
  values.targets.forEach((target, index) => {
    const connection = input.connections.find((c) => c.id === target.connectionId);
    const account = connection ? accountLabel(connection) : null;
    const base = { connectionId: target.connectionId, account, blocksDraft: false };
    if (!connection || connection.status !== 'connected') {
      add({
        ...base,
        field: 'account',
        rule: 'account_connected',
        message: 'This account is not connected. Connect it on the Platforms page first',
        // The server keeps no target for an account it does not know.
        blocksDraft: true,
      });
      return;
    }
    if (connection.health === 'expired' || connection.health === 'revoked') {
      add({
        ...base,
        field: 'account',
        rule: 'account_token',
        message: 'The access to this account has ended. Reconnect it on the Platforms page',
      });
      return;
    }
    const quota = input.quotas.find((q) => q.connection_id === connection.id);
    for (const p of checkTarget({
      index,
      connectionId: connection.id,
      account,
      platform: connection.platform,
      format: target.format,
      caption: values.content,
      // As sent (targetsInput): a story goes without the first comment.
      firstComment: firstCommentFor(target, values),
      media,
      quotaRemaining: quota?.source === 'platform' ? quota.remaining : null,
      quotaNeeded: 1,
    })) {
      const mediaId = mediaIdOf(p.field, checkedIds);
      add({
        ...base,
        field: fieldOf(p.field),
        rule: p.rule,
        message: p.message,
        ...(mediaId ? { mediaId } : {}),
      });
    }
  });
  return problems;
}

export type ComposerNotice = Omit<ComposerProblem, 'blocksDraft'>;

/**
 * What is accepted but not published as typed, per chosen account: a story shows neither the
 * text nor the first comment. Shown beside the checks; never a reason to stop.
 */
export function composerNotices(
  values: Pick<ComposerValues, 'content' | 'firstComment' | 'targets'>,
  connections: readonly Connection[],
): ComposerNotice[] {
  return values.targets.flatMap((target, index) => {
    const connection = connections.find((c) => c.id === target.connectionId);
    if (!connection) return [];
    const account = accountLabel(connection);
    return targetNotices({
      index,
      connectionId: connection.id,
      account,
      platform: connection.platform,
      format: target.format,
      caption: values.content,
      firstComment: values.firstComment,
    }).map((n) => ({
      field: fieldOf(n.field),
      connectionId: connection.id,
      account,
      rule: n.rule,
      message: n.message,
    }));
  });
}

/** The problems that stop this action; a draft is saved with target problems still open. */
export function blockingProblems(
  problems: readonly ComposerProblem[],
  intent: SaveIntent,
): ComposerProblem[] {
  return intent === 'draft' ? problems.filter((p) => p.blocksDraft) : [...problems];
}
