import {
  CalendarDays,
  ChartColumn,
  CircleUser,
  Cpu,
  CreditCard,
  Hourglass,
  Images,
  LayoutDashboard,
  Link2,
  Megaphone,
  MessagesSquare,
  Plug,
  Settings,
  ShieldCheck,
  Sparkles,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Feature } from '#shared/plans.ts';
import type { Permission } from '#shared/permissions.ts';

// The dashboard's areas (docs/product/routes.md#dashboard-routes,
// docs/product/screens.md#dashboard): one table drives the sidebar, the routes and each area's page
// header, so a new area is added in one place.

export interface DashboardArea {
  /** Path segment under /dashboard; '' is the dashboard home. */
  slug: string;
  label: string;
  icon: LucideIcon;
  /**
   * The plan feature that gates the area (docs/product/roles-and-plans.md#features-by-plan); absent
   * when every plan has it.
   */
  feature?: Feature;
  /** What a user will do there, in one sentence. */
  summary: string;
  inSidebar: boolean;
  /** The permission the area needs; the sidebar hides it from a role without it. */
  permission?: Permission;
}

export const DASHBOARD_AREAS = [
  {
    slug: '',
    label: 'Home',
    icon: LayoutDashboard,
    feature: 'dashboard',
    summary: 'Your upcoming posts, your plan and the next steps for your account at a glance.',
    inSidebar: true,
  },
  {
    slug: 'ai-content',
    label: 'AI Content',
    icon: Sparkles,
    feature: 'ai-content',
    summary:
      'Generate captions, hashtags and post ideas from a prompt and your business profile, then save them as drafts or schedule them.',
    inSidebar: true,
    permission: 'create:post',
  },
  {
    slug: 'calendar',
    label: 'Calendar',
    icon: CalendarDays,
    feature: 'calendar',
    summary:
      "Plan posts in month, week, day and list views, drag them to reschedule, and compose each one with live checks against every platform's rules.",
    inSidebar: true,
  },
  {
    slug: 'analytics',
    label: 'Analytics',
    icon: ChartColumn,
    feature: 'analytics',
    summary:
      'Follow your followers, reach and engagement over time, see your top posts, audience demographics and the best time to post, and export any table as CSV.',
    inSidebar: true,
  },
  {
    slug: 'campaigns',
    label: 'Campaigns',
    icon: Megaphone,
    feature: 'campaigns',
    summary:
      'Build a campaign step by step, from goal and audience to an AI-generated plan of posts and their media, then launch it onto your calendar.',
    inSidebar: true,
  },
  {
    slug: 'engine-room',
    label: 'Engine Room',
    icon: Cpu,
    summary:
      'Work with the AI content engine in a prompt console that turns a brief into posts or a whole campaign, and send the results to your calendar.',
    inSidebar: true,
    permission: 'create:post',
  },
  {
    slug: 'audience',
    label: 'Audience',
    icon: Users,
    summary:
      'See everyone who comments on or messages your business, group them into segments with a live count, and keep notes with the CRM add-on.',
    inSidebar: true,
  },
  {
    slug: 'media',
    label: 'Media',
    icon: Images,
    summary:
      "Upload images and videos, tag and search them, check each file's fit for every platform, and clean up what you no longer use.",
    inSidebar: true,
  },
  {
    slug: 'social-monitor',
    label: 'Social Monitor',
    icon: MessagesSquare,
    summary:
      'Answer Facebook and Instagram comments and direct messages from one inbox, with filters, assignments and saved replies.',
    inSidebar: true,
  },
  {
    slug: 'platforms',
    label: 'Platforms',
    icon: Plug,
    summary:
      "Connect your Facebook Pages and Instagram accounts, watch each connection's health, and reconnect or sync them when needed.",
    inSidebar: true,
    permission: 'manage:platforms',
  },
  {
    slug: 'staff',
    label: 'Staff',
    icon: UserCog,
    summary: 'Invite your team by e-mail, give each person a role, and manage pending invitations.',
    inSidebar: true,
    permission: 'read:staff',
  },
  {
    slug: 'settings',
    label: 'Settings',
    icon: Settings,
    summary:
      'Edit your business profile (industry, description, brand voice, audience, time zone and posting hours), notifications and API keys.',
    inSidebar: true,
  },
  {
    slug: 'profile',
    label: 'Profile',
    icon: CircleUser,
    summary:
      'Manage your name, e-mail and avatar, change your password, set up two-factor authentication and sign out of other sessions.',
    inSidebar: true,
  },
  {
    slug: 'subscription',
    label: 'Subscription',
    icon: CreditCard,
    summary:
      'See your plan and trial, upgrade to Premium, add CRM or Email marketing, redeem coupons and download your invoices.',
    inSidebar: true,
    permission: 'manage:subscription',
  },
  {
    slug: 'connect',
    label: 'Connect',
    icon: Link2,
    summary:
      'Finishes connecting a Facebook or Instagram account after you approve access, and lets you choose which Pages and accounts to add.',
    inSidebar: false,
  },
  {
    slug: 'instagram-callback',
    label: 'Instagram Callback',
    icon: Link2,
    summary:
      'Finishes connecting an Instagram account after you approve access on Instagram, then takes you back to your platforms.',
    inSidebar: false,
  },
  {
    slug: 'trial-expired',
    label: 'Plan Status',
    icon: Hourglass,
    summary:
      'Where your plan stands: days left in a trial, or, once access stops, how to continue.',
    inSidebar: false,
  },
  {
    slug: 'admin-setup',
    label: 'Admin Setup',
    icon: ShieldCheck,
    summary:
      "Create this installation's first administrator, using the setup token the server prints when it starts.",
    inSidebar: false,
  },
  {
    slug: 'admin',
    label: 'Admin',
    icon: ShieldCheck,
    summary:
      'For administrators: manage users with their plans, status and roles, and watch the health of the system.',
    inSidebar: true,
    permission: 'admin:users',
  },
] as const satisfies readonly DashboardArea[];

export type AreaSlug = (typeof DASHBOARD_AREAS)[number]['slug'];

export function areaPath(slug: string): string {
  return slug === '' ? '/dashboard' : `/dashboard/${slug}`;
}

export function getArea(slug: AreaSlug): DashboardArea {
  const area = DASHBOARD_AREAS.find((candidate) => candidate.slug === slug);
  if (!area) throw new Error(`Unknown dashboard area: ${slug}`);
  return area;
}

export const SIDEBAR_AREAS: readonly DashboardArea[] = DASHBOARD_AREAS.filter(
  (area) => area.inSidebar,
);
