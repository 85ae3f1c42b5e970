import { useState } from 'react';
import { CalendarDays, Copy, Download, Pause, Play, XCircle } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import { Button, buttonClasses } from '../../../../components/ui/button.tsx';
import { reportError, userMessageOf } from '../../../../lib/errors.ts';
import { campaignPath } from '../../api/paths.ts';
import {
  useDuplicateCampaign,
  useLifecycleAction,
  type LifecycleAction,
} from '../../api/use-campaign-actions.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const CONFIRMS: Record<
  LifecycleAction,
  { title: string; description: string; label: string; done: string; destructive?: boolean }
> = {
  pause: {
    title: 'Pause this campaign?',
    description:
      'Its posts that have not gone out yet stay on the calendar but are not published until you resume it.',
    label: 'Pause campaign',
    done: 'Campaign paused.',
  },
  resume: {
    title: 'Resume this campaign?',
    description: 'Its posts still to come are published at their times again.',
    label: 'Resume campaign',
    done: 'Campaign resumed.',
  },
  cancel: {
    title: 'Cancel this campaign?',
    description:
      'Its posts that have not gone out yet are cancelled. Published posts stay. This cannot be undone.',
    label: 'Cancel campaign',
    done: 'Campaign cancelled.',
    destructive: true,
  },
};

/** Pause, Resume, Cancel (each confirmed), Duplicate, the calendar and the plan as CSV. */
export function DetailActions({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const lifecycle = useLifecycleAction(campaign.id);
  const duplicate = useDuplicateCampaign(campaign.id);
  const [asking, setAsking] = useState<LifecycleAction | null>(null);
  const running = campaign.status === 'scheduled' || campaign.status === 'active';
  const open = running || campaign.status === 'paused';

  function confirm(action: LifecycleAction) {
    lifecycle.mutate(
      { action, version: campaign.version },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success(CONFIRMS[action].done);
        },
      },
    );
  }

  function copy() {
    duplicate.mutate(undefined, {
      onSuccess: ({ campaign: draft }) => void navigate(`/dashboard/campaigns/${draft.id}`),
      onError: (error) => reportError(error),
    });
  }

  const shown = asking ? CONFIRMS[asking] : null;
  return (
    <div className="flex flex-wrap gap-2">
      {running ? (
        <Button variant="outline" onClick={() => setAsking('pause')}>
          <Pause aria-hidden className="size-4" />
          Pause
        </Button>
      ) : null}
      {campaign.status === 'paused' ? (
        <Button variant="outline" onClick={() => setAsking('resume')}>
          <Play aria-hidden className="size-4" />
          Resume
        </Button>
      ) : null}
      {open ? (
        <Button variant="outline" onClick={() => setAsking('cancel')}>
          <XCircle aria-hidden className="size-4" />
          Cancel campaign
        </Button>
      ) : null}
      <Button variant="outline" loading={duplicate.isPending} onClick={copy}>
        <Copy aria-hidden className="size-4" />
        Duplicate
      </Button>
      <Link to="/dashboard/calendar" className={buttonClasses({ variant: 'outline' })}>
        <CalendarDays aria-hidden className="size-4" />
        Open calendar
      </Link>
      <a
        href={campaignPath('csv', campaign.id)}
        download
        className={buttonClasses({ variant: 'outline' })}
      >
        <Download aria-hidden className="size-4" />
        Export plan (CSV)
      </a>
      <ConfirmDialog
        open={shown !== null}
        title={shown?.title ?? ''}
        description={shown?.description ?? ''}
        confirmLabel={shown?.label ?? ''}
        destructive={shown?.destructive ?? false}
        pending={lifecycle.isPending}
        error={lifecycle.isError ? userMessageOf(lifecycle.error) : null}
        onConfirm={() => (asking ? confirm(asking) : undefined)}
        onClose={() => {
          lifecycle.reset();
          setAsking(null);
        }}
      />
    </div>
  );
}
