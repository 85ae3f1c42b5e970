import { Link } from 'react-router';
import type { LaunchProblem } from '#shared/contracts/campaign-plan.contract.ts';
import { fixLink, STEPS, stepForProblem } from '../lib/steps.ts';

/** Problems found before launch, each with a link to the step (and the post) that fixes it. */
export function ProblemList({
  campaignId,
  problems,
  label = 'Problems to fix',
}: {
  campaignId: string;
  problems: readonly LaunchProblem[];
  label?: string;
}) {
  return (
    <ul aria-label={label} className="grid gap-2">
      {problems.map((problem, i) => {
        const step = STEPS.find((s) => s.id === stepForProblem(problem));
        return (
          <li
            key={`${problem.field}-${problem.rule}-${i}`}
            className="flex flex-col gap-1 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <span>
              {problem.account ? `${problem.account}: ${problem.message}` : problem.message}
            </span>
            <Link
              to={fixLink(campaignId, problem)}
              className="shrink-0 font-medium text-link underline-offset-4 hover:underline"
            >
              Fix in {step?.label ?? 'the plan'}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
