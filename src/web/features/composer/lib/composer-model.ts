import type { Platform } from '#shared/contracts/account.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import {
  MAX_FIRST_COMMENT_LENGTH,
  type AccountQuota,
  type PublishingState,
  type SetTargetsInput,
} from '#shared/contracts/publishing.contract.ts';
import {
  countHashtags,
  countMentions,
  limitsFor,
  type PostFormat,
  type TargetFormat,
} from '#shared/platform-limits.ts';
import { checkTarget, targetNotices, type TargetMedia } from '#shared/publishing-rules.ts';
import { instantOf } from '../../calendar/lib/event-form.ts';
import { quotaLeftText } from '../../dashboard/api/publishing-quota.ts';
import {
  formatDateKey,
  formatTimeKey,
  zonedParts,
  type PlainDate,
} from '../../calendar/lib/time-zone.ts';
import { accountLabel } from '#shared/account-label.ts';

// The post composer as plain data: what is typed and chosen, the counts against each platform's
// limits, and every problem the server would refuse, checked with the same rules
// (src/shared/publishing-rules.ts) while the person types (docs/decisions/085).

export interface ComposerTarget {
  connectionId: string;
  format: TargetFormat;
}

export interface ComposerValues {
  title: string;
  content: string;
  firstComment: string;
  /** media_items ids, in the order they are published; every account gets the same. */
  mediaIds: string[];
  targets: ComposerTarget[];
  /** "2026-03-29" in the business time zone; empty: no date yet (a draft may have none). */
  date: string;
  /** "09:00" in the business time zone. */
  time: string;
}

export type SaveIntent = 'draft' | 'schedule' | 'publish';

/** Posts are written in the composer; notes and campaigns stay in the calendar's quick dialog. */
export function isComposerPost(event: Pick<CalendarEvent, 'type'>): boolean {
  return event.type === 'post' || event.type === 'ai_generated';
}

export const TITLE_MAX_LENGTH = 200;
export const CONTENT_MAX_LENGTH = 10_000;

export function newComposerValues(day: PlainDate, hour: number, minute = 0): ComposerValues {
  return {
    title: '',
    content: '',
    firstComment: '',
    mediaIds: [],
    targets: [],
    date: formatDateKey(day),
    time: formatTimeKey(hour, minute),
  };
}

/**
 * The form of a saved event. Published deliveries are history and are not edited; the media and
 * first comment are the first remaining target's (the composer gives every account the same),
 * the comment from one that is not a story (a story is saved without it).
 */
export function valuesFromEvent(
  event: CalendarEvent,
  state: PublishingState | null,
  timeZone: string,
): ComposerValues {
  const open = editableTargets(state);
  const first = open[0] ?? state?.targets[0];
  const commented = open.find((t) => t.format !== 'story') ?? first;
  const p = event.scheduled_for ? zonedParts(new Date(event.scheduled_for), timeZone) : null;
  return {
    title: event.title,
    content: event.content ?? '',
    firstComment: commented?.first_comment ?? '',
    mediaIds: first ? [...first.media_ids] : [],
    targets: open.map((t) => ({
      connectionId: t.connection_id!,
      // Facebook decides text, photo, multi-photo or video from the media (the server reads a
      // Page post with several photos back as "carousel").
      format: t.platform === 'facebook' ? 'post' : t.format,
    })),
    date: p ? formatDateKey(p) : '',
    time: p ? formatTimeKey(p.hour, p.minute) : '',
  };
}

function editableTargets(state: PublishingState | null) {
  return (state?.targets ?? []).filter((t) => t.connection_id !== null && t.status !== 'published');
}

/** Equal when nothing a person would call a change differs. */
export function sameValues(a: ComposerValues, b: ComposerValues): boolean {
  return JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));
}

function normalized(v: ComposerValues) {
  return [
    v.title,
    v.content,
    v.firstComment,
    v.mediaIds,
    v.targets.map((t) => [t.connectionId, t.format]),
    v.date,
    v.time,
  ];
}

// ------------------------------------------------------------------------------ accounts

export function platformsOf(
  targets: readonly ComposerTarget[],
  connections: readonly Connection[],
): Platform[] {
  const found = new Set<Platform>();
  for (const t of targets) {
    const c = connections.find((x) => x.id === t.connectionId);
    if (c) found.add(c.platform);
  }
  return (['instagram', 'facebook'] as const).filter((p) => found.has(p));
}

/** The platforms the text is published on: a story shows no text (docs/decisions/086). */
export function textPlatformsOf(
  targets: readonly ComposerTarget[],
  connections: readonly Connection[],
): Platform[] {
  return platformsOf(
    targets.filter((t) => t.format !== 'story'),
    connections,
  );
}

/** What a chosen account may still publish, in words; null when nothing is known yet. */
export function quotaText(platform: Platform, quota: AccountQuota | undefined): string | null {
  if (platform === 'facebook') return 'Facebook sets no daily limit';
  if (!quota) return null;
  if (quota.source === 'not_limited') return 'No daily limit';
  if (quota.source === 'unavailable') {
    return `Daily limit not known: ${quota.reason ?? 'Instagram did not answer'}`;
  }
  return quotaLeftText(quota.remaining ?? 0, quota.total ?? 0, true);
}

// ------------------------------------------------------------------------------- formats

export interface FormatOption {
  value: TargetFormat;
  label: string;
  description: string;
  /** Why it cannot be chosen; null when it can. */
  unavailable: string | null;
}

const FORMAT_OPTIONS: Record<Platform, FormatOption[]> = {
  instagram: [
    {
      value: 'post',
      label: 'Post',
      description: 'One photo, or one video (published as a reel)',
      unavailable: null,
    },
    {
      value: 'carousel',
      label: 'Carousel',
      description: '2 to 10 photos or videos',
      unavailable: null,
    },
    { value: 'reel', label: 'Reel', description: 'One video', unavailable: null },
    {
      value: 'story',
      label: 'Story',
      description: 'One photo or video, full screen, for 24 hours; no text or first comment',
      unavailable: null,
    },
  ],
  facebook: [
    {
      value: 'post',
      label: 'Post',
      description: 'Text, a photo, several photos or a video',
      unavailable: null,
    },
  ],
};

export function formatOptions(platform: Platform): FormatOption[] {
  return FORMAT_OPTIONS[platform];
}

/** What a Facebook post becomes with these media: the Page shows them differently. */
export function facebookKind(media: ReadonlyArray<Pick<TargetMedia, 'kind'>>): string {
  if (media.length === 0) return 'Text post';
  if (media.some((m) => m.kind === 'video')) return 'Video post';
  if (media.length === 1) return 'Photo post';
  return `Multi-photo post (${media.length} photos)`;
}

/** The format a newly chosen account starts with, given how many files are attached. */
export function suggestedFormat(platform: Platform, mediaCount: number): PostFormat {
  return platform === 'instagram' && mediaCount > 1 ? 'carousel' : 'post';
}

/**
 * Keeps Instagram's post and carousel in step with the number of files (several files are a
 * carousel; one is a post). A reel or a story is the person's choice and stays.
 */
export function adjustFormats(
  targets: readonly ComposerTarget[],
  connections: readonly Connection[],
  mediaCount: number,
): ComposerTarget[] {
  return targets.map((t) => {
    const platform = connections.find((c) => c.id === t.connectionId)?.platform;
    if (!platform || (t.format !== 'post' && t.format !== 'carousel')) return t;
    const format = suggestedFormat(platform, mediaCount);
    return format === t.format ? t : { ...t, format };
  });
}

// -------------------------------------------------------------------------------- counts

export interface Meter {
  count: number;
  /** null where the platform documents no limit. */
  max: number | null;
  over: boolean;
}

export interface TextCounts {
  platform: Platform;
  characters: Meter;
  hashtags: Meter;
  mentions: Meter;
}

const meter = (count: number, max: number | null): Meter => ({
  count,
  max,
  over: max !== null && count > max,
});

/** Characters, hashtags and @-mentions of the text against each platform's limits. */
export function textCounts(text: string, platforms: readonly Platform[]): TextCounts[] {
  const hashtags = countHashtags(text);
  const mentions = countMentions(text);
  return platforms.map((platform) => {
    const limits = limitsFor(platform, 'post');
    return {
      platform,
      characters: meter(text.length, limits.captionMaxLength),
      hashtags: meter(hashtags, limits.hashtagMax),
      mentions: meter(mentions, limits.mentionMax),
    };
  });
}

// ------------------------------------------------------------------------------ problems

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
function mediaIdOf(serverField: string, mediaIds: readonly string[]): string | undefined {
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

export interface TargetRef {
  connectionId: string | null;
  account: string | null;
}

/**
 * The targets the server checks when it schedules or publishes, in its order: those not
 * published yet. Each is named as `known` names its account, else as the server has it.
 */
export function pendingTargetRefs(
  state: PublishingState,
  known: readonly TargetRef[],
): TargetRef[] {
  return state.targets
    .filter((t) => t.status !== 'published')
    .map((t) => ({
      connectionId: t.connection_id,
      account: known.find((k) => k.connectionId === t.connection_id)?.account ?? t.account_name,
    }));
}

/**
 * A refusal's field errors as problems. Target fields carry their index in the list the server
 * checked (`order`) and a file's index in the media sent (`mediaIds`); their messages start with
 * the account's name, which is taken off because the composer shows the account beside it.
 */
export function problemsFromFieldErrors(
  fieldErrors: Readonly<Record<string, string>>,
  order: readonly TargetRef[],
  mediaIds: readonly string[] = [],
): ComposerProblem[] {
  return Object.entries(fieldErrors).map(([key, raw]) => {
    const index = /^targets\.(\d+)(?:\.|$)/.exec(key)?.[1];
    let ref: TargetRef | undefined = index === undefined ? undefined : order[Number(index)];
    if (!ref && key === 'content') {
      ref = order.find((o) => o.account !== null && raw.startsWith(`${o.account}: `));
    }
    const prefix = ref?.account ? `${ref.account}: ` : null;
    const message = prefix && raw.startsWith(prefix) ? raw.slice(prefix.length) : raw;
    const mediaId = mediaIdOf(key, mediaIds);
    return {
      field: fieldOf(key),
      connectionId: ref?.connectionId ?? null,
      account: ref?.account ?? null,
      rule: key,
      message,
      blocksDraft: false,
      ...(mediaId ? { mediaId } : {}),
    };
  });
}

// ------------------------------------------------------------------------- what is sent

/** The calendar event's title: the one typed, else the text's first line. */
export function titleFor(values: Pick<ComposerValues, 'title' | 'content'>): string {
  const typed = values.title.trim();
  if (typed) return typed;
  const line =
    values.content
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 59).trimEnd()}…` : line;
}

export function eventFields(
  values: ComposerValues,
  platforms: Platform[],
  timeZone: string,
): { title: string; content: string | null; platforms: Platform[]; scheduled_for: string | null } {
  return {
    title: titleFor(values),
    content: values.content.trim() ? values.content : null,
    platforms,
    scheduled_for: instantOf(values, timeZone)?.toISOString() ?? null,
  };
}

/** The first comment a target is sent with: none on a story, which takes no comments. */
function firstCommentFor(target: ComposerTarget, values: Pick<ComposerValues, 'firstComment'>) {
  const firstComment = values.firstComment.trim();
  return firstComment && target.format !== 'story' ? firstComment : null;
}

export function targetsInput(values: ComposerValues): SetTargetsInput {
  return {
    targets: values.targets.map((t) => ({
      connection_id: t.connectionId,
      format: t.format,
      media_ids: [...values.mediaIds],
      first_comment: firstCommentFor(t, values),
    })),
  };
}
