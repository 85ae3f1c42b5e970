import { useEffect, useId, useRef } from 'react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { PublishingState } from '#shared/contracts/publishing.contract.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import { accountLabel } from '#shared/account-label.ts';
import { zoneAbbreviation } from '../../../../lib/zoned-time.ts';
import { suggestedFormat, type ComposerValues } from '../../lib/composer-model.ts';
import { isComposerPost, isLocked } from '../../lib/post-rules.ts';
import { PreviewPanel } from '../previews/preview-panel.tsx';
import { AccountSection } from './account-section.tsx';
import { ConfirmCloseDialog, ConfirmPublishDialog } from './composer-confirm-dialogs.tsx';
import type { ComposerDialogProps } from './composer-props.ts';
import { ComposerFooter } from './composer-footer.tsx';
import { ComposerHeader } from './composer-header.tsx';
import { ComposerNotices } from './composer-notices.tsx';
import { MediaPicker } from './media-picker.tsx';
import { MediaSection } from './media-section.tsx';
import { ScheduleSection } from './schedule-section.tsx';
import { FirstCommentField, TextField, TitleField } from './text-fields.tsx';
import { useComposerData, withMedia } from './use-composer-data.ts';
import { useComposerSave } from './use-composer-save.ts';
import { useComposerState } from './use-composer-state.ts';
import { composerView } from './use-composer-view.ts';

const ACTION_LABELS = { draft: 'Save draft', schedule: 'Schedule', publish: 'Publish now' };

export interface ComposerFormProps extends ComposerDialogProps {
  event: CalendarEvent | null;
  state: PublishingState | null;
  /** What closing does (Escape, the overlay, ×): set by the form, which asks first when dirty. */
  closeGuardRef: { current: () => void };
  initialFocus: { current: HTMLTextAreaElement | null };
}

/** The editor on the left, the per-account previews on the right, the actions in the footer. */
export function ComposerForm(props: ComposerFormProps) {
  const { event, timeZone, permissions, onClose, onQuickNote, closeGuardRef } = props;
  const ids = useId();
  const composer = useComposerState(props);
  const { state, dispatch, dirty, storageRefused } = composer;
  const { values, eventId } = state;
  const checksRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const data = useComposerData(values, dispatch);
  const { connections } = data;
  const view = composerView({
    values,
    connections,
    media: data.attached.items,
    quotas: data.quotas,
    blocked: state.blocked,
    refused: state.refused,
    timeZone,
  });

  // Unconfirmed too: it may be out already, and the platform is being asked (decision 080).
  const locked = event !== null && (isLocked(event) || event.status === 'unconfirmed');
  const composable = event === null || isComposerPost(event);
  const canEdit = composable && !locked && (eventId ? permissions.update : permissions.create);

  const save = useComposerSave({
    state,
    dispatch,
    connections,
    platforms: view.platforms,
    timeZone,
    check: view.check,
    forgetDraft: composer.forgetDraft,
    forgetNewDraft: composer.forgetNewDraft,
    focusTitle: () => titleRef.current?.focus(),
    // Reads out why an action was stopped: the checks are on screen whenever saving is offered.
    focusChecks: () => {
      checksRef.current?.focus();
      checksRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    },
    onSaved: props.onSaved,
    onCreated: props.onCreated,
  });

  useEffect(() => {
    closeGuardRef.current = () => {
      if (save.busy) return;
      if (dirty && canEdit) dispatch({ type: 'confirm', which: 'close' });
      else onClose();
    };
  });

  const edit = (update: Partial<ComposerValues> | ((v: ComposerValues) => ComposerValues)) =>
    dispatch({ type: 'edit', update });
  const field = (name: 'title' | 'content' | 'firstComment') => ({
    value: values[name],
    disabled: !canEdit,
    onChange: (value: string) => edit({ [name]: value }),
  });

  function toggleAccount(connection: Connection, chosen: boolean) {
    edit((v) => ({
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
    if (chosen) dispatch({ type: 'preview', connectionId: connection.id });
  }

  function setFormat(connectionId: string, format: TargetFormat) {
    edit((v) => ({
      ...v,
      targets: v.targets.map((t) => (t.connectionId === connectionId ? { ...t, format } : t)),
    }));
  }

  function moveMedia(id: string, by: -1 | 1) {
    edit((v) => {
      const list = [...v.mediaIds];
      const from = list.indexOf(id);
      const to = from + by;
      if (from < 0 || to < 0 || to >= list.length) return v;
      [list[from], list[to]] = [list[to]!, list[from]!];
      return { ...v, mediaIds: list };
    });
  }

  const title = event ? (canEdit ? 'Edit post' : event.title) : 'New post';
  const zone = `${timeZone} (${zoneAbbreviation(view.instant ?? new Date(), timeZone)})`;

  return (
    <>
      <ComposerHeader
        title={title}
        status={eventId && event ? event.status : null}
        aiGenerated={event?.type === 'ai_generated'}
        zone={zone}
        onQuickNote={
          eventId === null && onQuickNote
            ? () => onQuickNote({ date: values.date, time: values.time })
            : null
        }
        onClose={() => closeGuardRef.current()}
      />

      <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(340px,440px)] lg:overflow-hidden">
        <section
          aria-label="Editor"
          className="grid content-start gap-6 px-4 py-5 sm:px-6 lg:overflow-y-auto"
        >
          <ComposerNotices
            restoredAt={state.restoredAt}
            onDiscardRestored={() => {
              composer.forgetDraft();
              dispatch({ type: 'discard-restored' });
            }}
            composable={composable}
            locked={locked}
            canEdit={canEdit}
            formError={state.formError}
          />
          <AccountSection
            connectionsQuery={data.connectionsQuery}
            connections={connections}
            targets={values.targets}
            quotas={data.quotas}
            quotaLoading={data.quotaLoading}
            mediaKinds={view.mediaItems.map((m) => m.kind)}
            problemCounts={view.problemCounts}
            canEdit={canEdit}
            published={(props.state?.targets ?? []).filter((t) => t.status === 'published')}
            checksRef={checksRef}
            problems={view.shown}
            refused={state.refused}
            notices={view.notices}
            blockedAction={state.blocked ? ACTION_LABELS[state.blocked] : null}
            onToggle={toggleAccount}
            onFormat={setFormat}
          />
          <TitleField inputRef={titleRef} error={view.fieldError('title')} {...field('title')} />
          <TextField
            inputRef={props.initialFocus}
            counts={view.counts}
            countsId={`${ids}-counts`}
            error={view.fieldError('content')}
            {...field('content')}
          />
          <MediaSection
            ids={values.mediaIds}
            items={data.attached.items}
            missing={data.attached.missing}
            flagged={view.flaggedMedia}
            uploads={data.uploads.entries}
            canUpload={canEdit && data.canUpload}
            disabled={!canEdit}
            onPick={() => dispatch({ type: 'picking', open: true })}
            onFiles={(files) => data.uploads.add(files)}
            onCancelUpload={data.uploads.cancel}
            onMove={moveMedia}
            onRemove={(id) =>
              edit((v) =>
                withMedia(
                  v,
                  v.mediaIds.filter((x) => x !== id),
                  connections,
                ),
              )
            }
          />
          <FirstCommentField error={view.fieldError('first_comment')} {...field('firstComment')} />
          <ScheduleSection
            values={values}
            timeZone={timeZone}
            error={view.fieldError('when')}
            disabled={!canEdit}
            onChange={edit}
          />
        </section>

        <aside
          aria-label="Preview"
          className="grid content-start gap-3 border-t border-border bg-muted/40 px-4 py-5 sm:px-6 lg:overflow-y-auto lg:border-t-0 lg:border-l"
        >
          <div className="flex items-baseline justify-between gap-2">
            <h3 className="text-sm font-semibold">Preview</h3>
            <p className="text-xs text-muted-foreground">Close to what people will see</p>
          </div>
          <PreviewPanel
            items={view.previews}
            active={state.activePreview}
            onActive={(connectionId) => dispatch({ type: 'preview', connectionId })}
          />
        </aside>
      </div>

      <ComposerFooter
        canEdit={canEdit}
        dirty={dirty}
        storageRefused={storageRefused}
        saved={eventId !== null}
        scheduled={event?.status === 'scheduled'}
        busy={save.busy}
        canPublish={permissions.publish}
        canSchedule={permissions.schedule}
        onAttempt={save.attempt}
        onClose={onClose}
      />

      <MediaPicker
        open={state.picking}
        selected={values.mediaIds}
        known={data.attached.items}
        onClose={() => dispatch({ type: 'picking', open: false })}
        onConfirm={(chosen, items) => {
          data.rememberMedia(items);
          edit((v) => withMedia(v, chosen, connections));
          dispatch({ type: 'picking', open: false });
        }}
      />
      <ConfirmPublishDialog
        open={state.confirming === 'publish'}
        accounts={view.previews.map((p) => accountLabel(p.connection))}
        onCancel={() => dispatch({ type: 'confirm', which: null })}
        onConfirm={() => void save.run('publish')}
      />
      <ConfirmCloseDialog
        open={state.confirming === 'close'}
        storageRefused={storageRefused}
        onKeepEditing={() => dispatch({ type: 'confirm', which: null })}
        onDiscard={() => {
          composer.forgetDraft();
          dispatch({ type: 'confirm', which: null });
          onClose();
        }}
        onCloseKeeping={() => {
          dispatch({ type: 'confirm', which: null });
          onClose();
        }}
      />
    </>
  );
}
