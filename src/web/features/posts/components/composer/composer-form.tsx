import { useEffect, useId, useRef } from 'react';
import type { Post } from '#shared/contracts/posts.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { zoneAbbreviation } from '../../../../lib/zoned-time.ts';
import { platformsOf, preselectedTargets } from '../../lib/composer-model.ts';
import { isComposerPost, isLocked } from '../../lib/post-rules.ts';
import { PreviewPanel } from '../previews/preview-panel.tsx';
import { AccountSection } from './account-section.tsx';
import {
  ConfirmCloseDialog,
  ConfirmDeleteDialog,
  ConfirmPublishDialog,
} from './composer-confirm-dialogs.tsx';
import type { ComposerDialogProps } from './composer-props.ts';
import { ComposerFooter } from './composer-footer.tsx';
import { ComposerHeader } from './composer-header.tsx';
import { ComposerNotices } from './composer-notices.tsx';
import { MediaPicker } from './media-picker.tsx';
import { MediaSection } from './media-section.tsx';
import { ScheduleSection } from './schedule-section.tsx';
import { FirstCommentField, TextField, TitleField } from './text-fields.tsx';
import { useComposerData, withMedia } from './use-composer-data.ts';
import { useComposerEdits } from './use-composer-edits.ts';
import { useComposerPostActions } from './use-composer-post-actions.ts';
import { useComposerQueue } from './use-composer-queue.ts';
import { useComposerSave } from './use-composer-save.ts';
import { useComposerState } from './use-composer-state.ts';
import { composerView } from './use-composer-view.ts';

const ACTION_LABELS = { draft: 'Save draft', schedule: 'Schedule', publish: 'Publish now' };

export interface ComposerFormProps extends ComposerDialogProps {
  /** The saved post with its deliveries; null for a new one. */
  post: Post | null;
  /** What closing does (Escape, the overlay, ×): set by the form, which asks first when dirty. */
  closeGuardRef: { current: () => void };
  initialFocus: { current: HTMLTextAreaElement | null };
}

/** The editor on the left, the per-account previews on the right, the actions in the footer. */
export function ComposerForm(props: ComposerFormProps) {
  const { post, timeZone, permissions, onClose, onQuickNote, closeGuardRef } = props;
  const ids = useId();
  const composer = useComposerState(props);
  const { state, dispatch, dirty, storageRefused } = composer;
  const { values, eventId } = state;
  const checksRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const data = useComposerData(values, dispatch);
  const { connections } = data;
  const { edit, toggleAccount, setFormat, moveMedia } = useComposerEdits(dispatch);
  const actions = useComposerPostActions(post, {
    onOpenPost: props.onOpenPost,
    onDeleted: onClose,
  });
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
  const locked = post !== null && (isLocked(post) || post.status === 'unconfirmed');
  const composable = post === null || isComposerPost(post);
  const canEdit = composable && !locked && (eventId ? permissions.update : permissions.create);

  // A new post starts with the connected accounts of the platforms it was planned for, or of the
  // business's default platforms, once the accounts are known.
  const preferred = props.prefill?.platforms.length
    ? props.prefill.platforms
    : props.defaultPlatforms;
  const accountsKnown = data.connectionsQuery.isSuccess;
  useEffect(() => {
    if (post !== null || !accountsKnown || preferred.length === 0) return;
    dispatch({
      type: 'preselect',
      targets: preselectedTargets(connections, preferred, values.mediaIds.length),
    });
    // Once, when the accounts arrive; a later change of them is the person's to make.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountsKnown]);

  const save = useComposerSave({
    state,
    dispatch,
    connections,
    type: post?.type === 'ai_generated' ? 'ai_generated' : 'post',
    timeZone,
    check: view.check,
    forgetDraft: composer.forgetDraft,
    focusTitle: () => titleRef.current?.focus(),
    // Reads out why an action was stopped: the checks are on screen whenever saving is offered.
    focusChecks: () => {
      checksRef.current?.focus();
      checksRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    },
    onSaved: props.onSaved,
  });

  const queue = useComposerQueue({
    state,
    dispatch,
    connections,
    type: post?.type === 'ai_generated' ? 'ai_generated' : 'post',
    timeZone,
    check: view.check,
    forgetDraft: composer.forgetDraft,
    focusChecks: () => checksRef.current?.focus(),
    onSaved: props.onSaved,
  });

  useEffect(() => {
    closeGuardRef.current = () => {
      if (save.busy || queue.queueing) return;
      if (dirty && canEdit) dispatch({ type: 'confirm', which: 'close' });
      else onClose();
    };
  });

  const field = (name: 'title' | 'content' | 'firstComment') => ({
    value: values[name],
    disabled: !canEdit,
    onChange: (value: string) => edit({ [name]: value }),
  });

  const title = post ? (canEdit ? 'Edit post' : post.title) : 'New post';
  const zone = `${timeZone} (${zoneAbbreviation(view.instant ?? new Date(), timeZone)})`;

  return (
    <>
      <ComposerHeader
        title={title}
        status={post ? post.status : null}
        aiGenerated={post?.type === 'ai_generated'}
        zone={zone}
        onQuickNote={
          eventId === null && onQuickNote
            ? () => onQuickNote({ date: values.date, time: values.time })
            : null
        }
        onDuplicate={
          post && composable && permissions.create ? () => void actions.duplicate() : null
        }
        duplicating={actions.duplicating}
        onDelete={post && permissions.delete ? actions.askDelete : null}
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
            locked={locked ? (post!.status as 'publishing' | 'published' | 'unconfirmed') : null}
            canEdit={canEdit}
            failed={(post?.deliveries ?? []).filter((d) => d.status === 'failed')}
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
            published={(post?.deliveries ?? []).filter((t) => t.status === 'published')}
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
            platforms={platformsOf(values.targets, connections)}
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
        scheduled={post?.status === 'scheduled'}
        busy={save.busy ?? (queue.queueing ? 'queue' : null)}
        canPublish={permissions.publish}
        canSchedule={permissions.schedule}
        onAttempt={save.attempt}
        onQueue={() => void queue.queue()}
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
      <ConfirmDeleteDialog
        open={actions.confirmingDelete}
        title={post?.title ?? ''}
        busy={actions.deleting}
        onCancel={actions.cancelDelete}
        onConfirm={() => void actions.deletePost()}
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
