import { useEffect, useRef } from 'react';
import { Link, useMatch } from 'react-router';
import { Lock } from 'lucide-react';
import { hasFeature, PLANS } from '#shared/plans.ts';
import { Logo } from '../../../components/ui/logo.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { describePlan } from '../../account/index.ts';
import { useAuth } from '../../auth/index.ts';
import { actorCan, useActor } from '../../staff/index.ts';
import { areaPath, SIDEBAR_AREAS, type DashboardArea } from '../lib/areas.ts';
import { PlatformsAttentionBadge } from '../../platforms/index.ts';
import { InboxUnreadBadge } from '../../social-monitor/index.ts';
import { PERSONAL_AREAS } from './no-business.tsx';

export const SIDEBAR_ID = 'dashboard-sidebar';

/**
 * docs/product/roles-and-plans.md#gating-in-the-interface: areas the plan lacks stay listed,
 * marked, and lead to an upgrade prompt.
 */
function useLockedFeature(area: DashboardArea): boolean {
  const { subscription } = useAuth();
  if (!area.feature || !subscription) return false;
  return !hasFeature(subscription.plan, subscription.addons, area.feature);
}

function SidebarLink({
  area,
  collapsed,
  onNavigate,
}: {
  area: DashboardArea;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const locked = useLockedFeature(area);
  const Icon = area.icon;
  const path = areaPath(area.slug);
  // A plain Link with a computed class: NavLink's class callback would not survive the tooltip
  // trigger's prop merging (Radix Slot joins class names as strings).
  const active = useMatch({ path, end: area.slug === '' }) !== null;
  // The list scrolls above the plan card on a short screen: the current area is scrolled into
  // sight, so the last one (Admin, for an administrator) is not cut off (docs/decisions/090).
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  const link = (
    <Link
      ref={ref}
      to={path}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      aria-label={
        collapsed ? `${area.label}${locked ? ` (${PLANS.premium.name})` : ''}` : undefined
      }
      className={cn(
        'group flex min-h-10 items-center gap-3 rounded-lg py-2 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        active
          ? 'bg-sidebar-active text-white'
          : 'text-sidebar-foreground hover:bg-sidebar-active/70 hover:text-white',
        collapsed ? 'justify-center px-0' : 'px-3',
      )}
    >
      <span className="relative">
        <Icon aria-hidden className="size-5 shrink-0" />
        {locked && collapsed ? (
          <Lock
            aria-hidden
            className="absolute -right-1.5 -bottom-1 size-3 rounded-full bg-sidebar p-px text-amber-300"
          />
        ) : null}
      </span>
      {collapsed ? null : (
        <>
          <span className="flex-1 truncate">{area.label}</span>
          {area.slug === 'platforms' ? <PlatformsAttentionBadge /> : null}
          {area.slug === 'social-monitor' ? <InboxUnreadBadge /> : null}
          {locked ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-400/15 px-1.5 py-0.5 text-[0.65rem] font-semibold tracking-wide text-amber-300 uppercase">
              <Lock aria-hidden className="size-3" />
              <span>{PLANS.premium.name}</span>
            </span>
          ) : null}
        </>
      )}
    </Link>
  );
  if (!collapsed) return link;
  return (
    <Tooltip content={locked ? `${area.label} (${PLANS.premium.name})` : area.label} side="right">
      {link}
    </Tooltip>
  );
}

/**
 * Billing is the owner's (src/shared/permissions.ts 'manage:subscription'): shown once the server
 * says the person is the owner, so staff and viewers never see it, not even for a moment.
 */
function useManagesSubscription(): boolean {
  const actor = useActor().data;
  return actor !== undefined && actorCan(actor, 'manage:subscription');
}

function PlanSummary() {
  const { subscription } = useAuth();
  const managesSubscription = useManagesSubscription();
  if (!subscription || !managesSubscription) return null;
  return (
    <Link
      to="/dashboard/subscription"
      className="block rounded-lg border border-white/10 bg-white/5 p-3 text-xs text-sidebar-foreground hover:bg-white/10"
    >
      <span className="block font-semibold text-white">{describePlan(subscription)}</span>
      <span className="mt-0.5 block">
        {subscription.plan === 'premium' ? 'Manage your subscription' : 'Upgrade to Premium'}
      </span>
    </Link>
  );
}

interface SidebarContentProps {
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The sidebar's inside, shared by the desktop rail and the small-screen drawer. */
export function SidebarContent({ collapsed, onNavigate }: SidebarContentProps) {
  // Areas the acting role cannot use are not listed (src/shared/permissions.ts); billing waits
  // for the server's answer. Someone in no business yet has only their own areas
  // (docs/decisions/035).
  const actor = useActor().data;
  const managesSubscription = useManagesSubscription();
  const noBusiness = actor?.memberships.length === 0;
  const areas = SIDEBAR_AREAS.filter(
    (area) =>
      (!area.permission ||
        (area.permission === 'manage:subscription'
          ? managesSubscription
          : actorCan(actor, area.permission))) &&
      (!noBusiness || PERSONAL_AREAS.has(area.slug)),
  );
  return (
    <div className="flex h-full flex-col gap-4 py-4">
      <div className={cn('flex h-10 items-center', collapsed ? 'justify-center px-2' : 'px-5')}>
        <Link
          to="/dashboard"
          onClick={onNavigate}
          className="rounded-md text-white"
          aria-label="Soci Gen dashboard home"
        >
          <Logo showName={!collapsed} />
        </Link>
      </div>
      {/* min-h-0 lets the list scroll above the plan card instead of running under it. */}
      <nav
        aria-label="Dashboard"
        className={cn('min-h-0 flex-1 overflow-y-auto', collapsed ? 'px-2' : 'px-3')}
      >
        {/* 2 px apart: an administrator's fifteen areas fit above the plan card at 1280×800. */}
        <ul className="grid gap-0.5">
          {areas.map((area) => (
            <li key={area.slug}>
              <SidebarLink area={area} collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>
      {collapsed ? null : (
        <div className="px-3">
          <PlanSummary />
        </div>
      )}
    </div>
  );
}
