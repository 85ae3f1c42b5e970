import type { EmailCampaignStatus } from '#shared/contracts/email-marketing.contract.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { STATUS_LABELS, STATUS_VARIANTS } from '../lib/format.ts';

export function EmailStatusBadge({ status }: { status: EmailCampaignStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
