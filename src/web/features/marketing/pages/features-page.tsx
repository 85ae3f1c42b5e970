import {
  CalendarDays,
  Check,
  ChartColumn,
  Images,
  Inbox,
  Megaphone,
  ShieldCheck,
  Sparkles,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Container } from '../components/container.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ComingSoonBadge } from '../components/badge.tsx';
import { useDocumentTitle, pageTitle } from '../hooks/use-document-title.ts';

interface FeatureSection {
  id: string;
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  lead: string;
  points: string[];
  outcome: string;
}

/**
 * Areas a customer can use today. The page describes the whole product; everything not listed
 * here carries a "Coming soon" badge so nobody buys what is not there yet.
 */
const RELEASED: ReadonlySet<string> = new Set<string>([
  'calendar',
  'publishing',
  'ai',
  'team',
  'media',
]);

const SECTIONS: FeatureSection[] = [
  {
    id: 'calendar',
    icon: CalendarDays,
    eyebrow: 'Calendar & composer',
    title: 'See the whole month, change it in seconds',
    lead: 'The calendar is where your plan lives. Every post, campaign post and note for both platforms sits on one timeline in your business time zone.',
    points: [
      'Month, week, day and list views, coloured by platform and status',
      'Filter by platform, status, post type or date range',
      'Click an empty slot to create a post; drag a post to move it',
      'Open a post to edit, duplicate, delete, publish now — or read why it failed',
      'Composer with media from your library, a preview for each platform and a first comment',
      'Instagram posts, carousels of 2–10, reels and stories (one photo or video for 24 hours); Facebook Page posts',
      'Live checks against each platform’s limits while you type; drafts are kept locally until saved',
    ],
    outcome:
      'You always know what is going out this week, and moving a post never means rewriting it.',
  },
  {
    id: 'publishing',
    icon: ShieldCheck,
    eyebrow: 'Reliable publishing',
    title: 'Every post ends published, or failed with a reason',
    lead: 'A scheduled post is a promise. Soci Gen keeps it with a durable queue stored in the database, not a timer in someone’s browser.',
    points: [
      'Published exactly once at its scheduled time, even when several servers are running',
      'Nothing lost on a restart: the queue survives it and picks up where it stopped',
      'Temporary platform errors are retried, waiting 1 second and doubling up to 30 seconds',
      'A post that finally fails says why in plain words, for example “token expired — reconnect Instagram”',
      'The owner is notified of every failed post',
      'Content is checked before it is scheduled: Instagram needs media, captions and hashtags have limits, videos and aspect ratios have specs, and accounts have a 24-hour publishing limit',
    ],
    outcome: 'You stop opening Instagram to check whether the scheduler did its job.',
  },
  {
    id: 'inbox',
    icon: Inbox,
    eyebrow: 'Inbox',
    title: 'Every comment and message, one queue',
    lead: 'Comments and direct messages from all your connected Pages and Instagram accounts arrive in one unified inbox, live.',
    points: [
      'Comments and Messages tabs, with filters for platform, account, unread, needs reply and sentiment',
      'Reply, like, hide or unhide, and delete comments without leaving the thread',
      'The 24-hour reply window for direct messages is shown on every conversation',
      'Assign a conversation to a teammate and mark it done',
      'Saved replies for the questions you answer every day',
    ],
    outcome:
      'Customers get answers while the conversation is still warm, and nobody answers the same person twice.',
  },
  {
    id: 'analytics',
    icon: ChartColumn,
    eyebrow: 'Analytics',
    title: 'Honest numbers you can act on',
    lead: 'Analytics show what Meta reports for your accounts — no blended “scores”, no vanity totals. Pick an account and a period and read the facts.',
    points: [
      'Followers and growth, reach, views, engagement and profile activity over 7, 28 or 90 days or a custom range',
      'A sortable top-posts table with a drill-down into each post',
      'Audience demographics: age, gender, top cities and countries',
      'A best-time-to-post heat map built from when your followers are online',
      'Every table exports to CSV',
    ],
    outcome: 'Next month’s plan is based on what actually reached people.',
  },
  {
    id: 'campaigns',
    icon: Megaphone,
    eyebrow: 'Campaigns',
    title: 'Campaigns that check their media before launch',
    lead: 'A step-by-step wizard turns a goal into a schedule. Each step is saved as a draft, so you can leave and come back.',
    points: [
      'Goal and audience, then dates, platforms and posting cadence',
      'An AI-generated plan of posts that you edit freely',
      'Media requirements per post, fulfilled from your media library',
      'A review step that lists anything still missing before you can launch',
      'Launch puts every post on the calendar; the campaign page shows its posts and their performance',
    ],
    outcome: 'A seasonal promotion goes from idea to a full schedule without a spreadsheet.',
  },
  {
    id: 'ai',
    icon: Sparkles,
    eyebrow: 'AI content',
    title: 'A first draft in your own voice',
    lead: 'Soci Gen writes from your business profile — industry, audience and brand voice — so drafts sound like you, not like a template.',
    points: [
      'Captions, hashtags and post ideas from a short prompt',
      'Choose platform, tone, length and number of variants; switch emoji and hashtags on or off',
      'Results stream in as they are written; edit, then save as a draft or schedule',
      'A history of everything generated, and the AI provider in use is always shown',
      'The engine room: a conversation that turns a brief into posts or a whole campaign draft',
    ],
    outcome: 'The blank page is gone; your judgement stays in charge of what is published.',
  },
  {
    id: 'team',
    icon: Users,
    eyebrow: 'Team & roles',
    title: 'Bring your team, keep control',
    lead: 'The owner signs up, pays and connects the accounts. Staff work inside the same business with the permissions of their role.',
    points: [
      'Invite staff by e-mail with a role; invitations are valid for 7 days',
      'Resend, copy the link or cancel a pending invitation',
      'Remove a staff member at any time',
      'Two-factor sign-in with an authenticator app and backup codes',
      'See your active sessions and sign out of all of them in one click',
    ],
    outcome: 'Your social media manager can do the work without holding your Meta password.',
  },
  {
    id: 'media',
    icon: Images,
    eyebrow: 'Media library',
    title: 'Your images and videos, ready for each platform',
    lead: 'One library for every photo and clip your posts and campaigns use.',
    points: [
      'Drag-and-drop upload of many files at once, with progress',
      'Grid and list views, thumbnails, tags and search',
      'Details for each file: dimensions, size, type and where it is used',
      'Compatibility per platform, such as Instagram’s aspect ratios',
      'A warning before deleting a file that a scheduled post uses',
      'Clean-up of unused files and exact duplicates, and storage use against your plan',
    ],
    outcome: 'The right file is found in seconds, and a post never goes out with a deleted image.',
  },
];

export default function FeaturesPage() {
  useDocumentTitle(pageTitle('Features'));

  return (
    <>
      <PageHeader
        eyebrow="Features"
        title="Everything a business needs to run Instagram and Facebook"
        lead="Soci Gen brings planning, publishing, conversations and results together. Here is exactly what you get; areas marked “Coming soon” are being released now."
      >
        <nav aria-label="Features on this page" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1.5 text-sm font-medium text-foreground hover:bg-muted"
                >
                  <s.icon className="size-4 text-muted-foreground" aria-hidden="true" />
                  {s.eyebrow}
                  {RELEASED.has(s.id) ? null : <span className="sr-only"> (coming soon)</span>}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>

      <Container className="py-8 sm:py-12">
        {SECTIONS.map((s, index) => (
          <section
            key={s.id}
            id={s.id}
            aria-labelledby={`${s.id}-title`}
            className="grid scroll-mt-24 gap-8 border-b border-border py-12 last:border-b-0 sm:py-16 lg:grid-cols-2 lg:gap-16"
          >
            <div className={index % 2 === 1 ? 'lg:order-2' : ''}>
              <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-primary uppercase dark:text-primary-hover">
                <s.icon className="size-4" aria-hidden="true" />
                {s.eyebrow}
                {RELEASED.has(s.id) ? null : <ComingSoonBadge />}
              </p>
              <h2
                id={`${s.id}-title`}
                className="mt-3 text-3xl font-bold tracking-tight text-balance text-foreground"
              >
                {s.title}
              </h2>
              <p className="mt-4 text-lg leading-8 text-muted-foreground">{s.lead}</p>
              <p className="mt-6 rounded-xl border-l-4 border-primary bg-secondary/60 px-4 py-3 text-sm leading-6 text-secondary-foreground">
                <span className="font-semibold">What you get: </span>
                {s.outcome}
              </p>
            </div>
            <ul className="space-y-3 self-center rounded-2xl border border-border bg-card p-6 shadow-xs sm:p-8">
              {s.points.map((point) => (
                <li key={point} className="flex gap-3 text-sm leading-6 text-card-foreground">
                  <Check
                    className="mt-0.5 size-5 shrink-0 text-success dark:text-green-400"
                    aria-hidden="true"
                  />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Container>

      <CtaBand title="See it with your own accounts" />
    </>
  );
}
