import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type {
  Campaign,
  CampaignStep,
  UpdateCampaignInput,
} from '#shared/contracts/campaigns.contract.ts';
import { fieldErrorsOf } from '../../../../lib/api-client.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useUserId } from '../../../auth/index.ts';
import { campaignsApi } from '../../api/campaigns-api.ts';
import { useCreateCampaign, useUpdateCampaign } from '../../api/use-campaign-actions.ts';
import { campaignKeys } from '../../api/keys.ts';
import { isConflict, isStep } from '../../lib/steps.ts';

// The wizard's state (docs/product/screens.md#campaigns: each step saves a draft; a person can
// leave and resume). The step is in the address (`?step=`), and without one the wizard opens
// where the draft was last saved, so it resumes on another device. Leaving a step — Next, Back,
// another step, Save and exit — saves its fields with the version they were typed on; a 409
// keeps what was typed and offers Reload (docs/decisions/095: versions).

export type StepFields = Omit<UpdateCampaignInput, 'version' | 'step'>;

/** What a step with fields hands the wizard: its fields as they are now. */
export interface FieldsRef {
  current: StepFields;
}

export type Target = CampaignStep | 'exit';

/** The fields each step owns: leaving a step sends only its own. */
const STEP_FIELDS: Partial<Record<CampaignStep, ReadonlyArray<keyof StepFields>>> = {
  brief: ['name', 'goal', 'audience', 'segmentId'],
  schedule: ['startsOn', 'endsOn', 'connectionIds', 'formats', 'cadence'],
};

function fieldsOf(step: CampaignStep, fields: StepFields): StepFields {
  const own = STEP_FIELDS[step] ?? [];
  return Object.fromEntries(
    Object.entries(fields).filter(([key]) => own.includes(key as keyof StepFields)),
  );
}

export function useWizard(campaign: Campaign | null) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  const asked = search.get('step');
  const step: CampaignStep = isStep(asked) ? asked : (campaign?.step ?? 'brief');
  const focusPost = search.get('post');
  const fieldsRef = useRef<StepFields>({});
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const saving = create.isPending || update.isPending;

  // Leaving the wizard another way (the sidebar, a link) saves what was typed too, unless a
  // conflict is on screen: the change would be refused and overwrite nothing.
  const latest = useRef({ campaign, step, conflict });
  useEffect(() => {
    latest.current = { campaign, step, conflict };
  });
  useEffect(
    () => () => {
      const { campaign: draft, step: here, conflict: refused } = latest.current;
      if (!draft || refused) return;
      const changes = fieldsOf(here, fieldsRef.current);
      const changed = Object.entries(changes).some(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(draft[key as keyof Campaign]),
      );
      if (!changed) return;
      void campaignsApi
        .update(draft.id, { version: draft.version, step: here, ...changes })
        .then(() => client.invalidateQueries({ queryKey: campaignKeys.all }))
        .catch(() => undefined);
    },
    [client],
  );

  function failed(cause: unknown) {
    if (isConflict(cause)) {
      setConflict(true);
      return;
    }
    setFieldErrors(fieldErrorsOf(cause));
    setError(userMessageOf(cause));
  }

  function arrive(id: string, target: Target) {
    fieldsRef.current = {};
    setError(null);
    setFieldErrors({});
    if (target === 'exit') {
      void navigate('/dashboard/campaigns');
    } else if (!campaign) {
      void navigate(`/dashboard/campaigns/${id}?step=${target}`, { replace: true });
    } else {
      setSearch({ step: target });
    }
  }

  /** Saves the step's fields (and where the person is going) and goes there. */
  async function go(target: Target): Promise<void> {
    if (saving || conflict) return;
    const changes = fieldsOf(step, fieldsRef.current);
    const savedStep = target === 'exit' ? step : target;
    try {
      if (!campaign) {
        const created = await create.mutateAsync({
          name: changes.name ?? '',
          goal: changes.goal ?? '',
          audience: changes.audience ?? '',
        });
        const draft = created.campaign;
        // A segment is chosen on the draft once it exists.
        const segment = changes.segmentId ? { segmentId: changes.segmentId } : {};
        if (savedStep !== draft.step || changes.segmentId) {
          await update.mutateAsync({
            id: draft.id,
            input: { version: draft.version, step: savedStep, ...segment },
          });
        }
        arrive(draft.id, target);
        return;
      }
      await update.mutateAsync({
        id: campaign.id,
        input: { version: campaign.version, step: savedStep, ...changes },
      });
      arrive(campaign.id, target);
    } catch (cause) {
      failed(cause);
    }
  }

  async function reload() {
    if (!campaign) return;
    setReloading(true);
    try {
      await client.refetchQueries({ queryKey: campaignKeys.campaign(userId, campaign.id) });
      setConflict(false);
      setError(null);
      setFieldErrors({});
    } finally {
      setReloading(false);
    }
  }

  return {
    step,
    focusPost,
    fieldsRef,
    go,
    saving,
    conflict,
    setConflict,
    reloading,
    reload,
    error,
    fieldErrors,
  };
}
