import { useState } from 'react';
import { CircleStop, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import type { EmailCampaign } from '#shared/contracts/email-marketing.contract.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { PageHeader } from '../../../../components/ui/page-header.tsx';
import { reportError } from '../../../../lib/errors.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useCancelEmail } from '../api/use-email-actions.ts';
import { useEmailPreview } from '../api/use-email-preview.ts';
import { useEmailReach } from '../api/use-email-queries.ts';
import { whenText } from '../lib/format.ts';
import { EmailFigures } from './email-figures.tsx';
import { EmailPreviewPanel } from './email-preview-panel.tsx';
import { EmailStatusBadge } from './email-status-badge.tsx';
import { ReachNote } from './reach-note.tsx';

// An e-mail once it is scheduled, being sent, sent or cancelled: read-only, with its figures (read
// again every 3 s while it is being sent) and, while it has not finished, Cancel — a scheduled
// e-mail goes back to a draft, one being sent stops.

export function EmailReport({ campaign, timeZone }: { campaign: EmailCampaign; timeZone: string }) {
  const preview = useEmailPreview(campaign);
  const cancel = useCancelEmail(campaign.id);
  const [asking, setAsking] = useState(false);
  const scheduled = campaign.status === 'scheduled';
  // Before it goes out, whom it would reach now; who it reaches is worked out again then.
  const reach = useEmailReach(scheduled ? campaign.segmentId : null);
  const cancellable = scheduled || campaign.status === 'sending';

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {campaign.name}
            <EmailStatusBadge status={campaign.status} />
          </span>
        }
        description={`${whenText(campaign, timeZone)} · to ${campaign.segmentName ?? 'a segment no longer saved'}`}
        actions={
          cancellable ? (
            <Button variant="outline" onClick={() => setAsking(true)}>
              {scheduled ? (
                <Undo2 aria-hidden className="size-4" />
              ) : (
                <CircleStop aria-hidden className="size-4" />
              )}
              {scheduled ? 'Cancel schedule' : 'Stop sending'}
            </Button>
          ) : null
        }
      />
      {scheduled ? (
        <div className="rounded-xl border border-border bg-card p-4">
          <ReachNote reach={reach.data} loading={reach.isFetching} failed={reach.isError} />
        </div>
      ) : (
        <EmailFigures campaign={campaign} />
      )}
      <EmailPreviewPanel
        preview={preview}
        title={campaign.status === 'scheduled' ? 'What goes out' : 'What was sent'}
      />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={scheduled ? 'Cancel the schedule?' : 'Stop sending this e-mail?'}
        action={scheduled ? 'Cancel schedule' : 'Stop sending'}
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              toast.success(scheduled ? 'Back to a draft' : 'Sending stopped');
            },
            onError: (error) => reportError(error),
          })
        }
      >
        <p>
          {scheduled
            ? 'Nothing has gone out. The e-mail goes back to a draft you can change and send again.'
            : `Those not yet sent (${campaign.figures.queued.toLocaleString()}) will not get it; those already sent keep it.`}
        </p>
      </ConfirmDialog>
    </div>
  );
}
