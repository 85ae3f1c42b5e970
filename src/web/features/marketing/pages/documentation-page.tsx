import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FileJson } from 'lucide-react';
import { PLAN_IDS, PLANS, TRIAL_DAYS } from '#shared/plans.ts';
import { Badge, ComingSoonBadge } from '../components/badge.tsx';
import { Container } from '../components/container.tsx';
import { PROSE } from '../components/legal-document.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { TableOfContents } from '../components/table-of-contents.tsx';
import { useDocumentTitle, pageTitle } from '../hooks/use-document-title.ts';
import { formatPrice, formatStorage } from '../lib/format.ts';

export const OPENAPI_PATH = '/api/openapi.json';

interface DocSection {
  id: string;
  title: string;
  /** Areas still being finished carry a "Coming soon" badge in the heading and the contents. */
  available: boolean;
  body: ReactNode;
}

const TABLE = 'mt-4 w-full min-w-[32rem] border-collapse text-left text-sm';
const TH = 'border-b border-border py-2 pr-4 font-semibold text-foreground';
const TD = 'border-b border-border py-2 pr-4 align-top';

function Table({ children, caption }: { children: ReactNode; caption: string }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className={TABLE}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

const POST_STATUSES: [string, string][] = [
  ['Draft', 'Saved but not scheduled. Nothing will be published.'],
  ['Scheduled', 'Checked against each platform’s rules and waiting for its time.'],
  ['Publishing', 'Being sent to Instagram or Facebook right now.'],
  ['Published', 'Live on the platform. Open the post to follow the link to it.'],
  [
    'Failed',
    'Could not be published. The post shows the reason and what to do, and the owner is notified.',
  ],
  ['Cancelled', 'Taken off the schedule by you; it will not be published.'],
];

const SECTIONS: DocSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    available: true,
    body: (
      <>
        <h3>1. Create your account</h3>
        <p>
          Go to <Link to="/register">Start free trial</Link>, enter your e-mail address and choose a
          password. We send you a confirmation e-mail; its link brings you back to Soci Gen with
          your address confirmed. After that, sign in at <Link to="/login">Sign in</Link>. If you
          forget your password, use “Forgot password” on the sign-in page and we e-mail you a link
          to choose a new one.
        </p>
        <h3>2. Your trial</h3>
        <p>
          Every new account starts with {TRIAL_DAYS} days of Premium, with no card needed. The
          Subscription page shows how many days are left. When the trial ends you choose Premium or
          continue on the Free plan — see <a href="#billing">Billing</a>.
        </p>
        <h3>3. Complete your business profile</h3>
        <p>
          Open <strong>Settings</strong> and fill in your business name, industry, website, a short
          description, your brand voice, target audience, time zone, default platforms and posting
          hours, and upload your logo. The time zone decides how the calendar shows times; the brand
          voice and audience shape every AI draft.
        </p>
        <h3>4. Find your way around the dashboard</h3>
        <p>
          The dashboard greets you with your business name and shows key figures (followers, 7-day
          reach, engagement rate and posts scheduled), your next 10 upcoming posts, comments and
          messages waiting for a reply, and the health of your connected accounts. New accounts see
          an onboarding checklist: complete the business profile, connect a platform, schedule a
          first post. Use the sidebar to reach every area; it collapses for more room.
        </p>
        <h3>5. Secure your account</h3>
        <p>
          In <strong>Profile</strong>, turn on two-factor sign-in: scan the QR code with an
          authenticator app, enter the code it shows, and keep the backup codes somewhere safe.
          Profile also lists your active sessions, with “Sign out of all sessions” if you signed in
          on a device you no longer use.
        </p>
      </>
    ),
  },
  {
    id: 'connecting-accounts',
    title: 'Connecting accounts',
    available: true,
    body: (
      <>
        <p>
          Soci Gen publishes to <strong>Facebook Pages</strong> and{' '}
          <strong>Instagram professional accounts</strong> (business or creator) that are linked to
          a Facebook Page.
        </p>
        <ol>
          <li>
            Open <strong>Platforms</strong> and choose <strong>Connect</strong>.
          </li>
          <li>Sign in to Facebook and approve the permissions Soci Gen asks for.</li>
          <li>
            Back in Soci Gen, tick the Pages and Instagram accounts you want to manage, and confirm.
          </li>
        </ol>
        <p>Each connected account shows its status:</p>
        <ul>
          <li>
            <strong>Healthy</strong> — publishing and syncing normally.
          </li>
          <li>
            <strong>Token expiring</strong> — reconnect soon so scheduled posts are not affected;
            the dashboard warns you too.
          </li>
          <li>
            <strong>Expired</strong> or <strong>Revoked</strong> — posts for this account cannot be
            published until you reconnect.
          </li>
        </ul>
        <p>
          From the same page you can reconnect, disconnect, run “Sync now” and see the permissions
          each account grants. If anything goes wrong while connecting, you get a clear message and
          a way back to Platforms. Each connected Page or Instagram account counts towards your
          plan’s connected-account limit.
        </p>
      </>
    ),
  },
  {
    id: 'scheduling',
    title: 'Scheduling posts',
    available: true,
    body: (
      <>
        <h3>The calendar</h3>
        <p>
          <strong>Calendar</strong> shows month, week, day and list views in your business time
          zone, coloured by platform and status. Filter by platform, status, type or date range.
          Click an empty slot to create a post there, drag a post to reschedule it, or open it to
          edit, duplicate, delete, publish now or read why it failed. Notes are calendar entries for
          your team and are never published.
        </p>
        <h3>The composer</h3>
        <ol>
          <li>Write your text and pick images or videos from the media library.</li>
          <li>
            Choose the accounts to publish to and a format for each — on Instagram a post, a
            carousel of 2 to 10 photos or videos, a reel or a story; a preview shows how the post
            looks on each account.
          </li>
          <li>Optionally add a first comment.</li>
          <li>Schedule it for a date and time, or save it as a draft.</li>
        </ol>
        <p>
          While you type, the composer checks the post against each platform’s rules: Instagram
          posts need an image or video, captions and hashtags have maximum lengths and counts,
          images need a supported aspect ratio, videos must meet the platform’s specifications, and
          each account has a 24-hour publishing limit. A post that breaks a rule is refused with the
          field and the reason — it is never accepted and failed later. Your draft is kept in the
          browser until it is saved, so nothing you typed is lost; if the browser does not allow
          that (its storage is blocked or full), the composer says so, and saving a draft keeps your
          work.
        </p>
        <h3>Instagram stories</h3>
        <p>
          A story is one photo or one video (3 to 60 seconds), shown full screen for 24 hours. It
          carries no text and takes no comments: your text stays on the calendar and goes out with
          your other accounts, and the composer tells you it is not published with the story.
          Stories go to Instagram accounts only; Facebook Page stories are not supported.
        </p>
        <h3>What each status means</h3>
        <Table caption="Post statuses">
          <thead>
            <tr>
              <th scope="col" className={TH}>
                Status
              </th>
              <th scope="col" className={TH}>
                Meaning
              </th>
            </tr>
          </thead>
          <tbody>
            {POST_STATUSES.map(([status, meaning]) => (
              <tr key={status}>
                <th scope="row" className={`${TD} font-medium text-foreground`}>
                  {status}
                </th>
                <td className={TD}>{meaning}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <h3>When a post fails</h3>
        <p>
          Temporary problems on the platform’s side are retried automatically, waiting 1 second and
          doubling up to 30 seconds between attempts. A post published to several accounts succeeds
          or fails separately for each. If it still cannot be published, it is marked failed with
          the reason — for example an expired token, which you fix by reconnecting the account on
          Platforms — and you can publish it again from the calendar. A post is never published
          twice.
        </p>
      </>
    ),
  },
  {
    id: 'campaigns',
    title: 'Campaigns',
    available: false,
    body: (
      <>
        <p>
          A campaign is a set of posts with one goal. The wizard saves a draft after every step, so
          you can leave and resume.
        </p>
        <ol>
          <li>
            <strong>Goal and audience</strong> — what you want to achieve and who it is for.
          </li>
          <li>
            <strong>Dates, platforms and cadence</strong> — when it runs, where, and how often to
            post.
          </li>
          <li>
            <strong>Plan</strong> — an AI-generated list of posts that you can edit, reorder or
            remove.
          </li>
          <li>
            <strong>Media</strong> — the images or videos each post needs, chosen from the media
            library.
          </li>
          <li>
            <strong>Review</strong> — everything in one view; anything missing is listed and blocks
            the launch.
          </li>
          <li>
            <strong>Launch</strong> — every post is scheduled on the calendar.
          </li>
        </ol>
        <p>
          The campaign list shows each campaign’s status: draft, scheduled, active, completed or
          cancelled. A campaign’s page shows its posts, any missing media and how the posts
          performed.
        </p>
      </>
    ),
  },
  {
    id: 'inbox',
    title: 'Inbox',
    available: false,
    body: (
      <>
        <p>
          <strong>Social monitor</strong> is one inbox for the comments and direct messages of every
          connected account. New items appear live.
        </p>
        <ul>
          <li>Switch between the Comments and Messages tabs.</li>
          <li>Filter by platform, account, unread, needs reply or sentiment.</li>
          <li>Open a thread to reply, like, hide or unhide, or delete a comment.</li>
          <li>
            Direct messages show the platform’s 24-hour reply window: after 24 hours without a
            message from the customer, the platform no longer allows a reply.
          </li>
          <li>Assign a conversation to a staff member, and mark it done when it is handled.</li>
          <li>Keep saved replies for the questions you answer every day.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'analytics',
    title: 'Analytics',
    available: false,
    body: (
      <>
        <p>
          Choose an account and a period — 7, 28 or 90 days, or custom dates. Figures are the ones
          Meta reports for your account; Soci Gen does not blend or estimate them.
        </p>
        <ul>
          <li>Followers and growth, reach, views, engagement and profile activity over time.</li>
          <li>Top posts in a sortable table; open one to see its own figures.</li>
          <li>Audience demographics: age, gender, top cities and countries.</li>
          <li>Best time to post: a heat map of when your followers are online.</li>
          <li>Export any table as CSV.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'team',
    title: 'Team',
    available: true,
    body: (
      <>
        <p>
          The owner invites staff from <strong>Staff</strong>: enter their e-mail address and choose
          a role. The invitee receives an e-mail with a link that is valid for 7 days. Opening it
          shows who invited them to which business; they sign in or create an account and join as
          staff. An expired, cancelled or unknown link shows a clear page explaining what to do.
        </p>
        <p>
          Pending invitations can be resent, their link copied, or cancelled. Removing a staff
          member ends their access to your business immediately. Staff work inside your business
          with the permissions of their role; they cannot change your subscription.
        </p>
        <p>
          Staff seats by plan:{' '}
          {PLAN_IDS.map((id) => `${PLANS[id].name} ${PLANS[id].limits.staffSeats}`).join(', ')}.
        </p>
      </>
    ),
  },
  {
    id: 'billing',
    title: 'Billing',
    available: false,
    body: (
      <>
        <p>
          <strong>Subscription</strong> shows your current plan, its status and, during the trial,
          the days left. From there you upgrade to Premium through secure card checkout, add or
          remove add-ons, redeem a coupon, download invoices, update your payment method or cancel.
        </p>
        <Table caption="Plans and limits">
          <thead>
            <tr>
              {[
                'Plan',
                'Price',
                'Connected accounts',
                'Staff seats',
                'AI generations / month',
                'Media storage',
              ].map((h) => (
                <th key={h} scope="col" className={TH}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PLAN_IDS.map((id) => {
              const plan = PLANS[id];
              const price =
                id === 'trial'
                  ? `Free for ${TRIAL_DAYS} days`
                  : plan.priceMonthly === 0
                    ? 'Free'
                    : `${formatPrice(plan.priceMonthly)} / month${
                        plan.priceYearly !== null
                          ? ` or ${formatPrice(plan.priceYearly)} / year`
                          : ''
                      }`;
              return (
                <tr key={id}>
                  <th scope="row" className={`${TD} font-medium text-foreground`}>
                    {plan.name}
                  </th>
                  <td className={TD}>{price}</td>
                  <td className={TD}>{plan.limits.connectedAccounts}</td>
                  <td className={TD}>{plan.limits.staffSeats}</td>
                  <td className={TD}>{plan.limits.aiGenerationsPerMonth}</td>
                  <td className={TD}>{formatStorage(plan.limits.mediaStorageBytes)}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
        <p>
          When a trial ends without a choice, the dashboard opens a page explaining why access
          stopped, with two ways on: choose Premium, or continue on Free. Full details are on the{' '}
          <Link to="/pricing">pricing page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'api',
    title: 'API',
    available: true,
    body: (
      <>
        <p>
          Everything the dashboard does goes through Soci Gen’s HTTP API, and the API is documented
          in a machine-readable OpenAPI reference at{' '}
          <a href={OPENAPI_PATH}>
            <code>{OPENAPI_PATH}</code>
          </a>
          . Load it into any OpenAPI viewer, or generate a client for your language from it; it
          lists every endpoint, its parameters, request and response bodies, and how to
          authenticate.
        </p>
        <h3>Responses</h3>
        <p>A successful call returns:</p>
        <pre className="mt-4 overflow-x-auto rounded-lg bg-muted p-4 font-mono text-sm text-foreground">
          {`{ "success": true, "data": { … }, "metadata": { "processingTime": 12, "timestamp": "…" } }`}
        </pre>
        <p>A failed call returns an error your code can act on:</p>
        <pre className="mt-4 overflow-x-auto rounded-lg bg-muted p-4 font-mono text-sm text-foreground">
          {`{ "success": false, "error": "Please check your input and try again.",
  "metadata": { "errorCode": "VALIDATION_ERROR", "errorType": "…", "severity": "…",
                "retryable": false, "correlationId": "err_…" } }`}
        </pre>
        <ul>
          <li>
            <code>error</code> is a message you can show to a person; <code>errorCode</code> is
            stable and meant for your code.
          </li>
          <li>
            When <code>retryable</code> is true, try again with back-off — for example 1 second,
            doubling up to 30 seconds. <code>RATE_LIMIT_EXCEEDED</code> (HTTP 429) means slow down.
          </li>
          <li>
            Quote the <code>correlationId</code> when you <Link to="/contact">contact us</Link>; it
            lets us find the exact request in our logs.
          </li>
        </ul>
      </>
    ),
  },
];

export default function DocumentationPage() {
  useDocumentTitle(pageTitle('Documentation'));

  return (
    <>
      <PageHeader
        eyebrow="Documentation"
        title="Soci Gen user guide"
        lead="Step-by-step help for every area of Soci Gen, from your first sign-in to the API. Sections marked “Coming soon” describe areas that are still being released."
      >
        <p className="mt-6">
          <a
            href={OPENAPI_PATH}
            className="inline-flex items-center gap-2 rounded-lg border border-border bg-card px-4 py-2.5 text-sm font-semibold text-foreground shadow-xs hover:bg-muted"
          >
            <FileJson className="size-4" aria-hidden="true" />
            API reference (OpenAPI)
          </a>
        </p>
      </PageHeader>

      <Container className="py-12 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
          <aside className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
            <TableOfContents
              label="Guide contents"
              items={SECTIONS.map((s) => ({
                id: s.id,
                label: s.title,
                badge: s.available ? undefined : (
                  <>
                    <span className="sr-only"> (coming soon)</span>
                    <span
                      aria-hidden="true"
                      className="shrink-0 rounded-full bg-muted px-1.5 py-0.5 text-[10px] font-semibold text-muted-foreground"
                    >
                      Soon
                    </span>
                  </>
                ),
              }))}
            />
          </aside>
          <div className="max-w-3xl">
            {SECTIONS.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="scroll-mt-24 border-b border-border pb-12 not-first:pt-12 last:border-b-0"
              >
                <div className="flex flex-wrap items-center gap-3">
                  <h2
                    id={`${section.id}-title`}
                    className="text-2xl font-bold tracking-tight text-foreground"
                  >
                    {section.title}
                  </h2>
                  {section.available ? <Badge tone="brand">Available</Badge> : <ComingSoonBadge />}
                </div>
                <div className={PROSE}>{section.body}</div>
              </section>
            ))}
          </div>
        </div>
      </Container>
    </>
  );
}
