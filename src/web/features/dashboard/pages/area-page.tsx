import type { ComponentType } from 'react';
import { hasFeature } from '#shared/plans.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../auth/index.ts';
import { UpgradePrompt } from '../../subscription/index.ts';
import { ComingSoonPanel } from '../components/coming-soon.tsx';
import { getArea, type AreaSlug, type DashboardArea } from '../lib/areas.ts';

// Dashboard areas whose screens are not built yet: a real header and a clear "Coming soon" panel
// saying what the area will do, behind the same plan gate the finished page will have.

export function AreaPage({ area }: { area: DashboardArea }) {
  const { subscription } = useAuth();
  const locked =
    area.feature !== undefined &&
    subscription !== null &&
    !hasFeature(subscription.plan, subscription.addons, area.feature);
  return (
    <div className="grid gap-6">
      {/* When locked, the header says what the area does; otherwise the panel says it. */}
      <PageHeader title={area.label} description={locked ? area.summary : undefined} />
      {locked && area.feature ? (
        <UpgradePrompt feature={area.feature} areaLabel={area.label} />
      ) : (
        <ComingSoonPanel icon={area.icon} label={area.label} summary={area.summary} />
      )}
    </div>
  );
}

const components = new Map<string, ComponentType>();

/** One stable component per area, for the route table's lazy loader. */
export function areaPageComponent(slug: AreaSlug): ComponentType {
  let component = components.get(slug);
  if (!component) {
    const area = getArea(slug);
    const Page = () => <AreaPage area={area} />;
    Page.displayName = `AreaPage(${slug || 'home'})`;
    component = Page;
    components.set(slug, component);
  }
  return component;
}
