import type { LaunchProblem } from '#shared/contracts/campaign-plan.contract.ts';
import type { CampaignStep } from '#shared/contracts/campaigns.contract.ts';
import { fieldErrorsOf, httpStatusOf } from '../../../lib/api-client.ts';

// The wizard's five steps (docs/product/screens.md#campaigns) and where each problem is fixed.
// A step list copied from the contract (CAMPAIGN_STEPS) as plain strings, like the paths.

export const STEPS: ReadonlyArray<{ id: CampaignStep; label: string }> = [
  { id: 'brief', label: 'Goal and audience' },
  { id: 'schedule', label: 'Dates and accounts' },
  { id: 'plan', label: 'Plan of posts' },
  { id: 'media', label: 'Media' },
  { id: 'review', label: 'Review' },
];

export function isStep(value: string | null): value is CampaignStep {
  return STEPS.some((s) => s.id === value);
}

export function stepIndex(step: CampaignStep): number {
  return STEPS.findIndex((s) => s.id === step);
}

const BRIEF_FIELDS = new Set(['name', 'goal', 'audience']);
const MEDIA_FIELDS = new Set(['media', 'mediaIds']);

/** The step whose screen fixes a problem: a post's media on Media, the rest of a post on Plan. */
export function stepForProblem(problem: Pick<LaunchProblem, 'postKey' | 'field'>): CampaignStep {
  const parts = problem.field.split('.');
  if (parts[0] === 'posts') {
    const field = problem.postKey !== null ? parts[2] : undefined;
    return field !== undefined && MEDIA_FIELDS.has(field) ? 'media' : 'plan';
  }
  return BRIEF_FIELDS.has(parts[0] ?? '') ? 'brief' : 'schedule';
}

/** Where the wizard opens to fix it: the step, and the post to show. */
export function fixLink(
  campaignId: string,
  problem: Pick<LaunchProblem, 'postKey' | 'field'>,
): string {
  const params = new URLSearchParams({ step: stepForProblem(problem) });
  if (problem.postKey) params.set('post', problem.postKey);
  return `/dashboard/campaigns/${campaignId}?${params.toString()}`;
}

/** A refused change or launch (VALIDATION_ERROR): its per-field messages as problems. */
export function problemsOfRefusal(error: unknown): LaunchProblem[] {
  return Object.entries(fieldErrorsOf(error)).map(([field, message]) => {
    const parts = field.split('.');
    return {
      postKey: parts[0] === 'posts' && parts.length > 2 ? (parts[1] ?? null) : null,
      field,
      connectionId: null,
      account: null,
      rule: 'refused',
      message,
    };
  });
}

/** Someone saved this campaign since it was loaded here: the change was made on an old version. */
export function isConflict(error: unknown): boolean {
  return httpStatusOf(error) === 409;
}
