import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Campaign, CampaignStep } from '#shared/contracts/campaigns.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { PageHeader } from '../../../../components/ui/page-header.tsx';
import { useBusinessTimeZone } from '../../lib/format.ts';
import { STEPS, stepIndex } from '../../lib/steps.ts';
import { CampaignStatusBadge } from '../status-badge.tsx';
import { BriefStep } from './brief-step.tsx';
import { ConflictAlert } from './conflict-alert.tsx';
import { MediaStep } from './media-step.tsx';
import { PlanStep } from './plan-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { ScheduleStep } from './schedule-step.tsx';
import { StepFooter } from './step-footer.tsx';
import { useWizard, type Target } from './use-wizard.ts';
import { WizardStepper } from './wizard-stepper.tsx';

// The campaign wizard (docs/product/screens.md#campaigns): goal and audience → dates, accounts
// and cadence → plan of posts → media → review and launch. `campaign` is null for a new one,
// whose first Next creates the draft.

export function CampaignWizard({ campaign }: { campaign: Campaign | null }) {
  const wizard = useWizard(campaign);
  const timeZone = useBusinessTimeZone();
  const navigate = useNavigate();
  const [nameMissing, setNameMissing] = useState(false);
  const { step } = wizard;
  const index = stepIndex(step);
  const previous = STEPS[index - 1]?.id;
  const next = STEPS[index + 1]?.id;
  const onConflict = () => wizard.setConflict(true);

  function go(target: Target) {
    if (step === 'brief' && !wizard.fieldsRef.current.name) {
      setNameMissing(true);
      return;
    }
    void wizard.go(target);
  }

  const body = (s: CampaignStep) => {
    if (s === 'brief' || !campaign) {
      return (
        <BriefStep
          campaign={campaign}
          fieldsRef={wizard.fieldsRef}
          fieldErrors={wizard.fieldErrors}
          nameMissing={nameMissing}
        />
      );
    }
    const shared = {
      campaign,
      timeZone,
      focusPost: wizard.focusPost,
      locked: wizard.conflict,
      onConflict,
    };
    switch (s) {
      case 'schedule':
        return (
          <ScheduleStep
            campaign={campaign}
            fieldsRef={wizard.fieldsRef}
            fieldErrors={wizard.fieldErrors}
          />
        );
      case 'plan':
        return <PlanStep {...shared} />;
      case 'media':
        return <MediaStep {...shared} />;
      case 'review':
        return (
          <ReviewStep
            campaign={campaign}
            locked={wizard.conflict}
            onConflict={onConflict}
            onLaunched={() =>
              void navigate(`/dashboard/campaigns/${campaign.id}`, { replace: true })
            }
          />
        );
    }
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={campaign ? campaign.name : 'New campaign'}
        description="Each step is saved as a draft when you go on; you can leave and pick up where you stopped."
        actions={campaign ? <CampaignStatusBadge status={campaign.status} /> : null}
      />
      <WizardStepper current={step} disabled={!campaign} onGo={go} />
      {wizard.conflict ? (
        <ConflictAlert reloading={wizard.reloading} onReload={() => void wizard.reload()} />
      ) : null}
      {wizard.error && !wizard.conflict ? (
        <Alert variant="destructive">{wizard.error}</Alert>
      ) : null}
      <Card className="grid gap-6 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">{STEPS[index]?.label}</h2>
        {/* The steps with fields start again from a campaign reloaded after a conflict. */}
        <div key={step === 'brief' || step === 'schedule' ? `${step}-${campaign?.version}` : step}>
          {body(step)}
        </div>
        <StepFooter
          saving={wizard.saving}
          onBack={previous ? () => go(previous) : undefined}
          onExit={() => go('exit')}
          onNext={next ? () => go(next) : undefined}
        />
      </Card>
    </div>
  );
}
