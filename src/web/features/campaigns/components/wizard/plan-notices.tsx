import type { LaunchProblem } from '#shared/contracts/campaign-plan.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';

/** How the plan was made, what the planner noticed, and the posts it could not plan. */
export function PlanNotices({
  planSource,
  notices,
  problems,
}: {
  planSource: 'ai' | 'offline' | 'manual' | null;
  notices: readonly string[];
  problems: readonly LaunchProblem[];
}) {
  return (
    <>
      {planSource === 'offline' ? (
        <Alert title="Made offline">
          This plan was written from your business profile without the AI service. Edit the captions
          to make them your own.
        </Alert>
      ) : null}
      {planSource === 'ai' ? (
        <p className="text-sm text-muted-foreground">Written by the AI planner from your brief.</p>
      ) : null}
      {notices.length > 0 ? (
        <Alert title="Notes on the plan">
          <ul className="list-disc pl-5">
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <Alert variant="warning" title="Problems in the plan">
          <ul className="list-disc pl-5">
            {problems.map((p, i) => (
              <li key={`${p.field}-${i}`}>
                {p.account ? `${p.account}: ${p.message}` : p.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}
