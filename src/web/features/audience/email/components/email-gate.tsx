import type { ReactNode } from 'react';
import { hasFeature } from '#shared/plans.ts';
import { PageHeader } from '../../../../components/ui/page-header.tsx';
import { useAuth } from '../../../auth/index.ts';
import { UpgradePrompt } from '../../../subscription/index.ts';

/**
 * The e-mail pages with the Email add-on (src/shared/plans.ts `email-marketing`), otherwise the
 * app's upgrade prompt to /dashboard/subscription under the page's own heading (`title`, for a
 * page of its own); the server refuses the same calls. Before the subscription is known nothing
 * is locked, as FeatureGate does.
 */
export function EmailGate({ title, children }: { title?: string; children: ReactNode }) {
  const { subscription } = useAuth();
  if (subscription && !hasFeature(subscription.plan, subscription.addons, 'email-marketing')) {
    return (
      <div className="grid gap-6">
        {title ? <PageHeader title={title} /> : null}
        <UpgradePrompt feature="email-marketing" areaLabel="Sending e-mail campaigns" />
      </div>
    );
  }
  return <>{children}</>;
}
