import { CampaignWizard } from '../components/wizard/campaign-wizard.tsx';

/** The wizard's first step for a campaign not saved yet; its Next creates the draft. */
export default function NewCampaignPage() {
  return <CampaignWizard campaign={null} />;
}
