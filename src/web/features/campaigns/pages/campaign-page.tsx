import { useParams } from 'react-router';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { useCampaign } from '../api/use-campaign-queries.ts';
import { CampaignDetail } from '../components/detail/campaign-detail.tsx';
import { CampaignWizard } from '../components/wizard/campaign-wizard.tsx';

/** One campaign: the wizard while it is a draft, its detail once launched. */
export default function CampaignPage() {
  const { id = '' } = useParams();
  const query = useCampaign(id);
  const campaign = query.data;

  if (query.isError && !campaign) {
    return (
      <LoadError
        title="The campaign could not be loaded"
        error={query.error}
        retrying={query.isFetching}
        onRetry={query.refetch}
      />
    );
  }
  if (!campaign)
    return <LoadingRows label="Loading the campaign" rows={4} rowClassName="h-16 w-full" />;
  return campaign.status === 'draft' ? (
    <CampaignWizard key={campaign.id} campaign={campaign} />
  ) : (
    <CampaignDetail campaign={campaign} />
  );
}
