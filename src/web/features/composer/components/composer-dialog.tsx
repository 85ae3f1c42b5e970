import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CalendarClock, History, NotebookPen, Save, Send, X } from 'lucide-react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import {
  MAX_FIRST_COMMENT_LENGTH,
  MAX_TARGET_MEDIA,
  type PublishingState,
} from '#shared/contracts/publishing.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { LoadError, QueryContent } from '../../../components/ui/query-status.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { calendarKeys } from '../../calendar/api/list-upcoming-events.ts';
import { StatusIcon } from '../../calendar/components/event-style.tsx';
import { isLocked, STATUS_LABELS, TYPE_LABELS } from '../../calendar/lib/calendar-model.ts';
import { instantOf } from '../../calendar/lib/event-form.ts';
import { DateTimeFields } from '../../calendar/components/date-time-fields.tsx';
import { formatDateTime } from '../../calendar/lib/format.ts';
import { zoneAbbreviation } from '../../calendar/lib/time-zone.ts';
import { usePublishingQuota } from '../../dashboard/api/publishing-quota.ts';
import { useStorageUsage } from '../../media/api/media-api.ts';
import { useUploadQueue } from '../../media/lib/upload-queue.ts';
import { useConnections } from '../../platforms/api/platforms-api.ts';
import {
  composerApi,
  rememberMedia,
  useAttachedMedia,
  useComposerEvent,
} from '../api/composer-api.ts';
import {
  adjustFormats,
  blockingProblems,
  checkComposer,
  composerNotices,
  isComposerPost,
  platformsOf,
  sameValues,
  suggestedFormat,
  textCounts,
  textPlatformsOf,
  valuesFromEvent,
  type ComposerProblem,
  type ComposerValues,
  type SaveIntent,
} from '../lib/composer-model.ts';
import {
  browserStorage,
  createDraftKeeper,
  draftKey,
  readDraft,
  removeDraft,
} from '../lib/draft-storage.ts';
import { useStore } from '../../../lib/create-store.ts';
import { saveComposer } from '../lib/save-sequence.ts';
import { AccountPicker } from './account-picker.tsx';
import { ChecksList } from './checks-list.tsx';
import { MediaField } from './media-field.tsx';
import { MediaPicker } from './media-picker.tsx';
import { PreviewPanel, type PreviewProps } from './previews.tsx';
import { TextCounter } from './text-counts.tsx';
import { accountLabel } from '#shared/account-label.ts';

export interface ComposerPermissions {
  create: boolean;
  update: boolean;
  schedule: boolean;
  publish: boolean;
}

export interface ComposerDialogProps {
  /** null: a new post. */
  eventId: string | null;
  /** Where a new post starts: the clicked slot, or the next hour. */
  start: ComposerValues;
  timeZone: string;
  userId: string;
  permissions: ComposerPermissions;
  onClose(): void;
  /** After a successful save: the event as it is now. */
  onSaved(event: CalendarEvent, intent: SaveIntent): void;
  /** A new post got its id (saved once, though the whole save did not succeed). */
  onCreated(eventId: string): void;
  /** "Add a note instead": the calendar's quick dialog at the same date and time. */
  onQuickNote?: ((start: { date: string; time: string }) => void) | undefined;
}

const ACTION_LABELS: Record<SaveIntent, string> = {
  draft: 'Save draft',
  schedule: 'Schedule',
  publish: 'Publish now',
};

/** Rules that are only worth showing once the person tries to save. */
const AFTER_ATTEMPT = new Set(['title_required', 'targets_required', 'when_required']);

/**
 * The post composer: a full-height sheet over the calendar with the editor on the left and the
 * per-account previews on the right (stacked on a phone).
 */
export function ComposerDialog(props: ComposerDialogProps) {
  // The post it opened on: a new post that gets its id while open stays in the same form.
  const [openedOn] = useState(props.eventId);
  const loaded = useComposerEvent(openedOn);
  const closeGuardRef = useRef<() => void>(() => props.onClose());
  const initialFocus = useRef<HTMLTextAreaElement>(null);
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => (open ? undefined : closeGuardRef.current())}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            if (initialFocus.current) {
              e.preventDefault();
              initialFocus.current.focus();
            }
          }}
          className={cn(
            'fixed inset-0 z-50 flex flex-col overflow-hidden bg-background text-foreground shadow-xl',
            'sm:inset-y-3 sm:right-auto sm:left-1/2 sm:w-[calc(100%-1.5rem)] sm:max-w-[1240px] sm:-translate-x-1/2 sm:rounded-xl sm:border sm:border-border',
          )}
          data-testid="composer"
        >
          {openedOn === null ? (
            <ComposerForm
              {...props}
              event={null}
              state={null}
              closeGuardRef={closeGuardRef}
              initialFocus={initialFocus}
            />
          ) : loaded.isPending ? (
            <Shell title="Edit post" onClose={props.onClose}>
              <div className="grid gap-4 p-5" aria-busy="true" aria-label="Loading the post">
                <Skeleton className="h-20 w-full" />
                <Skeleton className="h-40 w-full" />
                <Skeleton className="h-24 w-full" />
              </div>
            </Shell>
          ) : loaded.isError ? (
            <Shell title="Edit post" onClose={props.onClose}>
              <div className="p-5">
                <LoadError
                  title="This post could not be opened"
                  error={loaded.error}
                  retrying={loaded.isFetching}
                  onRetry={loaded.refetch}
                />
              </div>
            </Shell>
          ) : (
            <ComposerForm
              {...props}
              event={loaded.data.event}
              state={loaded.data.state}
              closeGuardRef={closeGuardRef}
              initialFocus={initialFocus}
            />
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function Shell({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <>
      <header className="flex items-center justify-between border-b border-border px-5 py-3">
        <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
          <X aria-hidden className="size-5" />
        </Button>
      </header>
      <div className="flex-1 overflow-y-auto">{children}</div>
    </>
  );
}

interface FormProps extends ComposerDialogProps {
  event: CalendarEvent | null;
  state: PublishingState | null;
  /** What closing does (Escape, the overlay, ×): set by the form, which asks first when dirty. */
  closeGuardRef: { current: () => void };
  initialFocus: { current: HTMLTextAreaElement | null };
}

function ComposerForm({
  event,
  state,
  start,
  timeZone,
  userId,
  permissions,
  onClose,
  onSaved,
  onCreated,
  onQuickNote,
  closeGuardRef,
  initialFocus,
}: FormProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const storage = useMemo(() => browserStorage(), []);
  const [eventId, setEventId] = useState<string | null>(event?.id ?? null);
  const key = draftKey(userId, eventId);
  const [base, setBase] = useState<ComposerValues>(() =>
    event ? valuesFromEvent(event, state, timeZone) : start,
  );
  // What this browser kept of an earlier visit comes back, with a notice and a way to discard it.
  const [kept] = useState(() => {
    const found = readDraft(storage, draftKey(userId, event?.id ?? null));
    return found && !sameValues(found.values, base) ? found : null;
  });
  const [restoredAt, setRestoredAt] = useState<string | null>(kept?.savedAt ?? null);
  const [values, setValues] = useState<ComposerValues>(kept?.values ?? base);

  const [busy, setBusy] = useState<SaveIntent | null>(null);
  const [blocked, setBlocked] = useState<SaveIntent | null>(null);
  const [refused, setRefused] = useState<ComposerProblem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [picking, setPicking] = useState(false);
  const [activePreview, setActivePreview] = useState<string | null>(null);
  const checksRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);

  const dirty = !sameValues(values, base);
  // Unconfirmed too: it may be out already, and the platform is being asked (decision 080).
  const locked = event !== null && (isLocked(event) || event.status === 'unconfirmed');
  const composable = event === null || isComposerPost(event);
  const canEdit = composable && !locked && (eventId ? permissions.update : permissions.create);

  // Nothing typed is lost: every change not saved yet is kept in this browser, when it lets us.
  const keeper = useMemo(() => createDraftKeeper(storage), [storage]);
  const storageRefused = useStore(keeper.refused, (s) => s.refused);
  useEffect(() => {
    if (sameValues(values, base)) removeDraft(storage, key);
    else keeper.keep(key, values);
  }, [values, base, key, storage, keeper]);

  /** Reads out why an action was stopped: the checks are on screen whenever saving is offered. */
  function focusChecks() {
    checksRef.current?.focus();
    checksRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }

  useEffect(() => {
    closeGuardRef.current = () => {
      if (busy) return;
      if (dirty && canEdit) setConfirmClose(true);
      else onClose();
    };
  });

  // --------------------------------------------------------------------------- data
  const connectionsQuery = useConnections();
  const connections = useMemo(() => connectionsQuery.data ?? [], [connectionsQuery.data]);
  const quotasQuery = usePublishingQuota(values.targets.length > 0);
  const quotas = useMemo(() => quotasQuery.data ?? [], [quotasQuery.data]);
  const attached = useAttachedMedia(values.mediaIds);
  const usage = useStorageUsage();
  const uploads = useUploadQueue({
    maxFileBytes: usage.data?.max_file_bytes ?? 0,
    onUploaded: (item) => {
      rememberMedia(queryClient, [item]);
      setValues((v) =>
        v.mediaIds.length >= MAX_TARGET_MEDIA || v.mediaIds.includes(item.id)
          ? v
          : withMedia(v, [...v.mediaIds, item.id], connections),
      );
    },
  });

  const check = (intent: SaveIntent) =>
    checkComposer({
      values,
      connections,
      media: attached.items,
      quotas,
      intent,
      timeZone,
    });
  const live = check(blocked ?? 'schedule');
  const shown = blocked ? live : live.filter((p) => !AFTER_ATTEMPT.has(p.rule));
  const problemCounts = new Map<string, number>();
  for (const p of [...shown, ...refused]) {
    if (p.connectionId)
      problemCounts.set(p.connectionId, (problemCounts.get(p.connectionId) ?? 0) + 1);
  }
  const fieldError = (field: ComposerProblem['field']) =>
    [...refused, ...(blocked ? live : [])].find((p) => p.field === field && !p.connectionId)
      ?.message;
  const flaggedMedia = new Set<string>();
  for (const p of [...shown, ...refused]) if (p.mediaId) flaggedMedia.add(p.mediaId);
  for (const [id, item] of attached.items) {
    if (item.status === 'failed') flaggedMedia.add(id);
  }

  const platforms = platformsOf(values.targets, connections);
  // Counted against the platforms that publish the text: a story shows none.
  const textPlatforms = textPlatformsOf(values.targets, connections);
  const counts = textCounts(
    values.content,
    platforms.length > 0 ? textPlatforms : ['instagram', 'facebook'],
  );
  const notices = composerNotices(values, connections);
  const instant = instantOf(values, timeZone);
  const whenText = instant ? formatDateTime(instant, timeZone) : null;
  const mediaItems = values.mediaIds
    .map((id) => attached.items.get(id))
    .filter((m): m is MediaItem => m !== undefined);
  const previews: PreviewProps[] = values.targets.flatMap((t) => {
    const connection = connections.find((c) => c.id === t.connectionId);
    return connection
      ? [
          {
            connection,
            format: t.format,
            text: values.content,
            firstComment: values.firstComment,
            media: mediaItems,
            when: whenText,
          },
        ]
      : [];
  });
  const published = (state?.targets ?? []).filter((t) => t.status === 'published');

  // ------------------------------------------------------------------------ changes
  function change(next: Partial<ComposerValues> | ((v: ComposerValues) => ComposerValues)) {
    setValues((v) => (typeof next === 'function' ? next(v) : { ...v, ...next }));
    if (refused.length > 0) setRefused([]);
    setFormError(null);
  }

  function toggleAccount(connection: Connection, chosen: boolean) {
    change((v) => ({
      ...v,
      targets: chosen
        ? [
            ...v.targets,
            {
              connectionId: connection.id,
              format: suggestedFormat(connection.platform, v.mediaIds.length),
            },
          ]
        : v.targets.filter((t) => t.connectionId !== connection.id),
    }));
    if (chosen) setActivePreview(connection.id);
  }

  function moveMedia(id: string, by: -1 | 1) {
    change((v) => {
      const list = [...v.mediaIds];
      const from = list.indexOf(id);
      const to = from + by;
      if (from < 0 || to < 0 || to >= list.length) return v;
      [list[from], list[to]] = [list[to]!, list[from]!];
      return { ...v, mediaIds: list };
    });
  }

  function discardRestored() {
    removeDraft(storage, key);
    setValues(base);
    setRestoredAt(null);
    setBlocked(null);
  }

  // ------------------------------------------------------------------------- saving
  function attempt(intent: SaveIntent) {
    setFormError(null);
    const blocking = blockingProblems(check(intent), intent);
    if (blocking.length > 0) {
      setBlocked(intent);
      if (blocking.some((p) => p.field === 'title') && intent === 'draft')
        titleRef.current?.focus();
      else focusChecks();
      return;
    }
    setBlocked(null);
    if (intent === 'publish') {
      setConfirmPublish(true);
      return;
    }
    void run(intent);
  }

  async function run(intent: SaveIntent) {
    setConfirmPublish(false);
    setBusy(intent);
    setRefused([]);
    const wasNew = eventId === null;
    const accounts = values.targets.map((t) => {
      const c = connections.find((x) => x.id === t.connectionId);
      return { connectionId: t.connectionId, account: c ? accountLabel(c) : null };
    });
    const outcome = await saveComposer(composerApi, {
      eventId,
      values,
      platforms,
      accounts,
      intent,
      timeZone,
    });
    setBusy(null);
    if (outcome.ok) {
      removeDraft(storage, key);
      if (wasNew) removeDraft(storage, draftKey(userId, null));
      setBase(values);
      const event = outcome.event;
      toast.success(
        intent === 'draft'
          ? 'Draft saved'
          : intent === 'schedule'
            ? `Scheduled for ${formatDateTime(new Date(event.scheduled_for!), timeZone)}`
            : 'Publishing now',
        intent === 'publish'
          ? { description: 'Its status on the calendar changes as each account confirms.' }
          : {},
      );
      onSaved(event, intent);
      return;
    }
    if (outcome.eventId && outcome.eventId !== eventId) {
      // Saved once: from now on this is that post, here, in the address and in the kept draft.
      removeDraft(storage, draftKey(userId, null));
      setEventId(outcome.eventId);
      onCreated(outcome.eventId);
    }
    if (outcome.eventId) void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    if (outcome.savedAsDraft) setBase(values);
    setRefused(outcome.problems);
    if (outcome.problems.length > 0) {
      setBlocked(intent);
      focusChecks();
    } else {
      setFormError(userMessageOf(outcome.error));
    }
    toast.error(outcome.message, {
      description: outcome.savedAsDraft
        ? `Your changes are saved as a draft; it is not ${intent === 'publish' ? 'published' : 'scheduled'}.`
        : outcome.problems.length > 0
          ? 'The reasons are listed in the composer.'
          : userMessageOf(outcome.error),
    });
  }

  // ---------------------------------------------------------------------------- view
  const title = event ? (canEdit ? 'Edit post' : event.title) : 'New post';
  const zone = `${timeZone} (${zoneAbbreviation(instant ?? new Date(), timeZone)})`;
  const status = eventId && event ? event.status : null;

  return (
    <>
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-4 py-3 sm:px-5">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            {status ? (
              <Badge variant="outline" className="gap-1">
                <StatusIcon status={status} />
                {STATUS_LABELS[status]}
              </Badge>
            ) : null}
            {event?.type === 'ai_generated' ? (
              <Badge variant="secondary">{TYPE_LABELS.ai_generated}</Badge>
            ) : null}
          </div>
          <p className="hidden text-sm text-muted-foreground sm:block">Times are in {zone}.</p>
        </div>
        <div className="flex items-center gap-1">
          {eventId === null && onQuickNote ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onQuickNote({ date: values.date, time: values.time })}
            >
              <NotebookPen aria-hidden className="size-4" /> Add a note instead
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="icon"
            aria-label="Close"
            onClick={() => closeGuardRef.current()}
          >
            <X aria-hidden className="size-5" />
          </Button>
        </div>
      </header>

      <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(340px,440px)] lg:overflow-hidden">
        <section
          aria-label="Editor"
          className="grid content-start gap-6 px-4 py-5 sm:px-6 lg:overflow-y-auto"
        >
          {restoredAt ? (
            <Alert variant="info" title="Restored your unsaved changes">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span>
                  Kept on this device{' '}
                  {new Date(restoredAt).toLocaleString(undefined, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                  .
                </span>
                <Button variant="link" onClick={discardRestored}>
                  <History aria-hidden className="size-4" /> Discard
                </Button>
              </div>
            </Alert>
          ) : null}
          {!composable ? (
            <Alert variant="info" title="Notes and campaigns are edited on the calendar">
              Open it from the calendar to change it.
            </Alert>
          ) : locked ? (
            <Alert variant="info" title="This post is already on its way out">
              It is shown as it was sent. Published posts are changed on the platform, so the
              calendar always matches what people see.
            </Alert>
          ) : !canEdit ? (
            <Alert variant="info" title="You can read this post">
              Your role does not include changing posts. The business’s owner or a manager can give
              you one that does.
            </Alert>
          ) : null}
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}

          <Section title="Publish to" description="Choose the accounts, and the format for each.">
            <QueryContent
              query={connectionsQuery}
              loading={{ label: 'Loading your accounts', rows: 2, rowClassName: 'h-16 w-full' }}
              errorTitle="Your accounts could not be loaded"
            >
              {() => (
                <AccountPicker
                  connections={connections}
                  targets={values.targets}
                  quotas={quotas}
                  quotaLoading={quotasQuery.isFetching}
                  mediaKinds={mediaItems.map((m) => m.kind)}
                  problemCounts={problemCounts}
                  disabled={!canEdit}
                  onToggle={toggleAccount}
                  onFormat={(connectionId, format) =>
                    change((v) => ({
                      ...v,
                      targets: v.targets.map((t) =>
                        t.connectionId === connectionId ? { ...t, format } : t,
                      ),
                    }))
                  }
                />
              )}
            </QueryContent>
            {published.length > 0 ? (
              <p className="text-xs text-muted-foreground">
                Already published to{' '}
                {published
                  .map((p) => {
                    const c = connections.find((x) => x.id === p.connection_id);
                    return c ? accountLabel(c) : (p.account_name ?? 'a removed account');
                  })
                  .join(', ')}
                : that stays as it is.
              </p>
            ) : null}
            {canEdit ? (
              <ChecksList
                ref={checksRef}
                problems={shown}
                refused={refused}
                notices={notices}
                blockedAction={blocked ? ACTION_LABELS[blocked] : null}
                targetCount={values.targets.length}
              />
            ) : null}
          </Section>

          <FormField
            label="Title"
            error={fieldError('title')}
            hint="Shown on your calendar, not published. Left empty, the text’s first line is used."
          >
            <Input
              ref={titleRef}
              value={values.title}
              maxLength={250}
              disabled={!canEdit}
              placeholder="e.g. Spring menu launch"
              onChange={(e) => change({ title: e.target.value })}
            />
          </FormField>

          <FormField
            label="Text"
            error={fieldError('content')}
            below={<TextCounter counts={counts} id={`${ids}-counts`} />}
          >
            <textarea
              ref={initialFocus}
              value={values.content}
              rows={7}
              disabled={!canEdit}
              placeholder="What would you like to share?"
              onChange={(e) => change({ content: e.target.value })}
              className={cn(inputClasses, 'h-auto min-h-40 resize-y leading-relaxed')}
            />
          </FormField>

          <Section
            title="Media"
            description="Photos and videos from your library, published in this order."
          >
            <MediaField
              ids={values.mediaIds}
              items={attached.items}
              missing={attached.missing}
              flagged={flaggedMedia}
              uploads={uploads.entries}
              canUpload={canEdit && (usage.data?.can.upload ?? false)}
              disabled={!canEdit}
              onPick={() => setPicking(true)}
              onFiles={(files) => uploads.add(files)}
              onCancelUpload={uploads.cancel}
              onMove={moveMedia}
              onRemove={(id) =>
                change((v) =>
                  withMedia(
                    v,
                    v.mediaIds.filter((x) => x !== id),
                    connections,
                  ),
                )
              }
            />
          </Section>

          <FormField
            label="First comment"
            optional
            error={fieldError('first_comment')}
            hint="Posted as a comment right after the post goes out, e.g. to keep hashtags out of the caption."
          >
            <textarea
              value={values.firstComment}
              rows={2}
              disabled={!canEdit}
              maxLength={MAX_FIRST_COMMENT_LENGTH + 200}
              onChange={(e) => change({ firstComment: e.target.value })}
              className={cn(inputClasses, 'h-auto min-h-16 resize-y')}
            />
          </FormField>

          <fieldset className="grid gap-3">
            <legend className="mb-1 flex items-center gap-2 text-sm font-semibold">
              <CalendarClock aria-hidden className="size-4 text-muted-foreground" /> When
            </legend>
            <DateTimeFields
              values={values}
              timeZone={timeZone}
              dateError={fieldError('when')}
              disabled={!canEdit}
              onChange={change}
            />
          </fieldset>
        </section>

        <aside
          aria-label="Preview"
          className="grid content-start gap-3 border-t border-border bg-muted/40 px-4 py-5 sm:px-6 lg:overflow-y-auto lg:border-t-0 lg:border-l"
        >
          <div className="flex items-baseline justify-between gap-2">
            <h3 className="text-sm font-semibold">Preview</h3>
            <p className="text-xs text-muted-foreground">Close to what people will see</p>
          </div>
          <PreviewPanel items={previews} active={activePreview} onActive={setActivePreview} />
        </aside>
      </div>

      <footer className="flex flex-col gap-2 border-t border-border bg-card px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <p
          className={cn(
            'text-xs',
            canEdit && dirty && storageRefused
              ? 'font-medium text-foreground'
              : 'text-muted-foreground',
          )}
          aria-live="polite"
          data-testid="composer-save-state"
        >
          {!canEdit
            ? ''
            : dirty
              ? storageRefused
                ? 'This browser is not keeping your unsaved changes: save a draft to keep them.'
                : 'Unsaved changes are kept on this device until you save.'
              : eventId
                ? event?.status === 'scheduled'
                  ? 'Scheduled. Saving a draft takes it off the schedule.'
                  : 'No unsaved changes.'
                : 'Nothing saved yet.'}
        </p>
        {canEdit ? (
          <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-row">
            <Button
              variant="outline"
              className="max-sm:px-2"
              loading={busy === 'draft'}
              disabled={busy !== null}
              onClick={() => attempt('draft')}
            >
              <Save aria-hidden className="size-4 max-sm:hidden" /> Save draft
            </Button>
            {permissions.publish ? (
              <Button
                variant="outline"
                className="max-sm:px-2"
                loading={busy === 'publish'}
                disabled={busy !== null}
                onClick={() => attempt('publish')}
              >
                <Send aria-hidden className="size-4 max-sm:hidden" /> Publish now
              </Button>
            ) : null}
            {permissions.schedule ? (
              <Button
                className="max-sm:px-2"
                loading={busy === 'schedule'}
                disabled={busy !== null}
                onClick={() => attempt('schedule')}
              >
                <CalendarClock aria-hidden className="size-4 max-sm:hidden" /> Schedule
              </Button>
            ) : null}
          </div>
        ) : (
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        )}
      </footer>

      <MediaPicker
        open={picking}
        selected={values.mediaIds}
        known={attached.items}
        onClose={() => setPicking(false)}
        onConfirm={(chosen, items) => {
          rememberMedia(queryClient, items);
          change((v) => withMedia(v, chosen, connections));
          setPicking(false);
        }}
      />

      <Dialog open={confirmPublish} onOpenChange={(open) => setConfirmPublish(open)}>
        {confirmPublish ? (
          <DialogContent className="max-w-md" role="alertdialog">
            <DialogHeader>
              <DialogTitle>Publish now?</DialogTitle>
              <DialogDescription>
                It goes out right away to{' '}
                {previews.map((p) => accountLabel(p.connection)).join(', ')}. Once out, it can only
                be changed on the platform.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirmPublish(false)}>
                Not now
              </Button>
              <Button autoFocus onClick={() => void run('publish')}>
                <Send aria-hidden className="size-4" /> Publish now
              </Button>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>

      <Dialog open={confirmClose} onOpenChange={(open) => setConfirmClose(open)}>
        {confirmClose ? (
          <DialogContent className="max-w-md" role="alertdialog">
            <DialogHeader>
              <DialogTitle>Close without saving?</DialogTitle>
              <DialogDescription>
                {storageRefused
                  ? 'This browser does not let us keep them on this device: if you close now, they are lost.'
                  : 'Your changes stay on this device and come back when you open this post again.'}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter className="sm:justify-between">
              <Button
                variant="ghost"
                className="text-destructive"
                onClick={() => {
                  removeDraft(storage, key);
                  setConfirmClose(false);
                  onClose();
                }}
              >
                Discard changes
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button variant="outline" autoFocus onClick={() => setConfirmClose(false)}>
                  Keep editing
                </Button>
                {storageRefused ? null : (
                  <Button
                    onClick={() => {
                      setConfirmClose(false);
                      onClose();
                    }}
                  >
                    Close and keep them
                  </Button>
                )}
              </div>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

/** New media order, with Instagram's post and carousel kept in step with the count. */
function withMedia(v: ComposerValues, mediaIds: string[], connections: readonly Connection[]) {
  return { ...v, mediaIds, targets: adjustFormats(v.targets, connections, mediaIds.length) };
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="grid gap-0.5">
        <h3 id={id} className="text-sm font-semibold">
          {title}
        </h3>
        {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
