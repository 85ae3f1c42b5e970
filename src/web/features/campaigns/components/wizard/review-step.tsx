import { useState } from 'react';
import { Rocket } from 'lucide-react';
import { toast } from 'sonner';
import type { LaunchProblem } from '#shared/contracts/campaign-plan.contract.ts';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { LoadError, LoadingRows } from '../../../../components/ui/query-status.tsx';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useLaunchCampaign } from '../../api/use-campaign-actions.ts';
import { useLaunchCheck } from '../../api/use-campaign-queries.ts';
import { dateRangeText } from '../../lib/format.ts';
import { isConflict, problemsOfRefusal } from '../../lib/steps.ts';
import { ProblemList } from '../problem-list.tsx';

// Step 5: the launch gate's verdict on the draft, then Launch, which schedules every post on the
// calendar or none (docs/product/screens.md#campaigns). A refusal lists its problems the same way.

export function ReviewStep({
  campaign,
  locked,
  onConflict,
  onLaunched,
}: {
  campaign: Campaign;
  locked: boolean;
  onConflict(): void;
  onLaunched(): void;
}) {
  const check = useLaunchCheck(campaign.id, campaign.version);
  const launch = useLaunchCampaign(campaign.id);
  const [refusal, setRefusal] = useState<{ message: string; problems: LaunchProblem[] } | null>(
    null,
  );

  async function go() {
    setRefusal(null);
    try {
      await launch.mutateAsync(campaign.version);
      toast.success(`“${campaign.name}” is launched: its posts are on your calendar.`);
      onLaunched();
    } catch (cause) {
      if (isConflict(cause)) onConflict();
      else {
        // The refusal names only its fields; the gate's full list comes from the check
        // (docs/decisions/095).
        setRefusal({ message: userMessageOf(cause), problems: problemsOfRefusal(cause) });
        void check.refetch();
      }
    }
  }

  const problems = check.data?.problems ?? [];
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <Fact label="Campaign" value={campaign.name} />
        <Fact label="Dates" value={dateRangeText(campaign.startsOn, campaign.endsOn)} />
        <Fact label="Accounts" value={String(campaign.connectionIds.length)} />
        <Fact label="Posts" value={String(campaign.posts.length)} />
        <Fact label="Posts missing media" value={String(campaign.progress.missingMedia)} />
      </dl>
      {check.isError ? (
        <LoadError
          title="The campaign could not be checked"
          error={check.error}
          retrying={check.isFetching}
          onRetry={check.refetch}
        />
      ) : !check.data ? (
        <LoadingRows label="Checking the campaign" rows={2} rowClassName="h-10 w-full" />
      ) : problems.length > 0 ? (
        <div className="grid gap-2">
          <Alert
            variant="warning"
            title={`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix before launch`}
          />
          <ProblemList campaignId={campaign.id} problems={problems} />
        </div>
      ) : (
        <Alert variant="success" title="Ready to launch">
          Launching schedules all {campaign.posts.length} posts on your calendar.
        </Alert>
      )}
      {refusal ? (
        <div className="grid gap-2">
          <Alert variant="destructive" title="The campaign was not launched">
            {refusal.message}
          </Alert>
          {refusal.problems.length > 0 ? (
            <ProblemList
              campaignId={campaign.id}
              problems={refusal.problems}
              label="Why it was not launched"
            />
          ) : null}
        </div>
      ) : null}
      <Button
        size="lg"
        className="justify-self-stretch sm:justify-self-end"
        loading={launch.isPending}
        disabled={locked}
        onClick={() => void go()}
      >
        <Rocket aria-hidden className="size-4" />
        Launch
      </Button>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-md border border-border p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
