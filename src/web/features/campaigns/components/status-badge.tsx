import type { CampaignStatus } from '#shared/contracts/campaigns.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { STATUS_LABELS, STATUS_VARIANTS } from '../lib/format.ts';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
