import { useState } from 'react';
import type { LaunchProblem } from '#shared/contracts/campaign-plan.contract.ts';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useChangePost, usePlanCampaign, type PostChange } from '../../api/use-campaign-actions.ts';
import { isConflict, problemsOfRefusal } from '../../lib/steps.ts';

type ChangeWithoutVersion = PostChange extends infer C
  ? C extends PostChange
    ? Omit<C, 'version'>
    : never
  : never;

/**
 * The plan's changes on the draft's current version: planning, and one post changed, removed,
 * written again or added. What the planner noticed stays on screen until the next change; a 409
 * goes to the wizard's conflict message.
 */
export function usePostChanges(campaign: Campaign, onConflict: () => void) {
  const plan = usePlanCampaign(campaign.id);
  const change = useChangePost(campaign.id);
  const [notices, setNotices] = useState<string[]>([]);
  const [problems, setProblems] = useState<LaunchProblem[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<{ notices: string[]; problems: LaunchProblem[] }>) {
    setError(null);
    try {
      const result = await action();
      setNotices(result.notices);
      setProblems(result.problems);
      return true;
    } catch (cause) {
      if (isConflict(cause)) onConflict();
      else {
        setError(userMessageOf(cause));
        setProblems(problemsOfRefusal(cause));
      }
      return false;
    }
  }

  return {
    notices,
    problems,
    error,
    planning: plan.isPending,
    changing: change.isPending,
    /** Which post is being changed (its key), for its buttons' spinners. */
    changingKey:
      change.isPending && change.variables && 'key' in change.variables
        ? change.variables.key
        : null,
    replan: () => run(() => plan.mutateAsync(campaign.version)),
    apply: (c: ChangeWithoutVersion) =>
      run(() => change.mutateAsync({ ...c, version: campaign.version } as PostChange)),
  };
}
