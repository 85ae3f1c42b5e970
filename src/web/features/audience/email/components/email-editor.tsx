import { useState, type FormEvent } from 'react';
import { CalendarClock, FlaskConical, Save, Send, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { EmailCampaign } from '#shared/contracts/email-marketing.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { PageHeader } from '../../../../components/ui/page-header.tsx';
import { reportError } from '../../../../lib/errors.ts';
import { useSegments } from '../../api/use-audience-queries.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useDeleteEmail } from '../api/use-email-actions.ts';
import { useEmailPreview } from '../api/use-email-preview.ts';
import { useEmailReach } from '../api/use-email-queries.ts';
import { EMAILS_TAB_URL } from '../lib/format.ts';
import { EmailFields } from './email-fields.tsx';
import { EmailPreviewPanel } from './email-preview-panel.tsx';
import { EmailStatusBadge } from './email-status-badge.tsx';
import { ScheduleDialog, SendNowDialog } from './send-dialogs.tsx';
import { useEmailEditor } from './use-email-editor.ts';

// A draft e-mail (docs/decisions/100): its fields beside the live preview the server renders (below
// them on a phone), Save, Send test to me, Send now and Schedule… — each send behind a question
// that says how many people it reaches.

type Asking = 'now' | 'schedule' | 'delete' | null;

export function EmailEditor({
  campaign,
  timeZone,
  reload,
}: {
  campaign: EmailCampaign | null;
  timeZone: string;
  reload: () => Promise<EmailCampaign | undefined>;
}) {
  const editor = useEmailEditor(campaign, reload);
  const { values } = editor;
  const segments = useSegments();
  const reach = useEmailReach(values.segmentId);
  const preview = useEmailPreview(values);
  const remove = useDeleteEmail();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>(null);
  const [timeError, setTimeError] = useState<string | undefined>();
  const reachable = reach.data?.reachable ?? 0;
  const locked = editor.conflict;

  function submit(e: FormEvent) {
    e.preventDefault();
    void editor.saveDraft();
  }

  function ask(kind: 'now' | 'schedule') {
    if (!editor.readyToSend(preview.data?.unknownFields ?? [])) return;
    if (!reach.data) {
      toast.error('Wait a moment: we are still counting who it reaches.');
      return;
    }
    if (reachable === 0) {
      toast.error('Nobody in this segment can receive it: no contact has an address and consent.');
      return;
    }
    setAsking(kind);
  }

  async function sendAt(at: string | null) {
    const answer = await editor.sendAt(at);
    setTimeError(answer.timeError);
    // A refused time stays in its dialog; anything else is shown on the form.
    if (!answer.timeError) setAsking(null);
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {campaign?.name || 'New e-mail'}
            {campaign ? <EmailStatusBadge status={campaign.status} /> : null}
          </span>
        }
        description="Write it, check the preview, send yourself a test, then send it now or at a time."
        actions={
          campaign ? (
            <Button variant="outline" onClick={() => setAsking('delete')}>
              <Trash2 aria-hidden className="size-4" />
              Delete draft
            </Button>
          ) : null
        }
      />
      {editor.conflict ? (
        <Alert variant="warning" title="This e-mail changed">
          <p>
            Someone else changed this e-mail since you opened it. What you typed is still here;
            reload to see their version.
          </p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            loading={editor.reloading}
            onClick={() => void editor.reloadDraft()}
          >
            Reload
          </Button>
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <form
          aria-label="E-mail"
          noValidate
          onSubmit={submit}
          className="grid gap-5 rounded-xl border border-border bg-card p-4 sm:p-6"
        >
          <EmailFields
            values={values}
            errors={editor.errors}
            segments={segments.data ?? []}
            reach={{ data: reach.data, loading: reach.isFetching, failed: reach.isError }}
            disabled={editor.sending}
            onChange={editor.change}
          />
          {editor.formError ? (
            <Alert variant="destructive" title={editor.formError.title}>
              {editor.formError.message}
            </Alert>
          ) : null}
          <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
            <Button type="submit" variant="outline" loading={editor.saving} disabled={locked}>
              <Save aria-hidden className="size-4" />
              Save draft
            </Button>
            <Button
              type="button"
              variant="outline"
              loading={editor.testing}
              disabled={locked}
              onClick={() => void editor.sendTest()}
            >
              <FlaskConical aria-hidden className="size-4" />
              Send test to me
            </Button>
            <span className="grow" />
            <Button
              type="button"
              variant="outline"
              disabled={locked}
              onClick={() => ask('schedule')}
            >
              <CalendarClock aria-hidden className="size-4" />
              Schedule…
            </Button>
            <Button type="button" disabled={locked} onClick={() => ask('now')}>
              <Send aria-hidden className="size-4" />
              Send now
            </Button>
            <p role="status" className="w-full text-xs text-muted-foreground">
              {!campaign
                ? 'Not saved yet: the draft is kept from its first save.'
                : editor.dirty
                  ? 'Unsaved changes.'
                  : `Saved (version ${campaign.version}).`}
            </p>
          </div>
        </form>
        <div className="lg:sticky lg:top-4">
          <EmailPreviewPanel preview={preview} />
        </div>
      </div>
      <SendNowDialog
        open={asking === 'now'}
        reachable={reachable}
        busy={editor.sending || editor.saving}
        onSend={() => void sendAt(null)}
        onOpenChange={(open) => setAsking(open ? 'now' : null)}
      />
      {asking === 'schedule' ? (
        <ScheduleDialog
          open
          reachable={reachable}
          timeZone={timeZone}
          busy={editor.sending || editor.saving}
          serverError={timeError}
          onSchedule={(at) => void sendAt(at)}
          onOpenChange={(open) => setAsking(open ? 'schedule' : null)}
        />
      ) : null}
      {campaign ? (
        <ConfirmDialog
          open={asking === 'delete'}
          onOpenChange={(open) => setAsking(open ? 'delete' : null)}
          title={`Delete the draft ${campaign.name}?`}
          action="Delete draft"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(campaign.id, {
              onSuccess: () => {
                toast.success('Draft deleted');
                void navigate(EMAILS_TAB_URL, { replace: true });
              },
              onError: (error) => reportError(error),
            })
          }
        >
          <p>The draft goes for good; your contacts and segments stay.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
