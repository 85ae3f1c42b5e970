import { Link } from 'react-router';
import { PLAN_IDS, PLANS, TRIAL_DAYS } from '#shared/plans.ts';
import { formatPrice, formatStorage } from '../lib/format.ts';
import { CodeSample, Table, TD, TH, type DocSection } from './doc-parts.tsx';
import { OPENAPI_PATH } from './doc-parts.tsx';

/** The guide from campaigns to the API. */
export const MORE_SECTIONS: DocSection[] = [
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
        <CodeSample label="A successful response">
          {`{ "success": true, "data": { … }, "metadata": { "processingTime": 12, "timestamp": "…" } }`}
        </CodeSample>
        <p>A failed call returns an error your code can act on:</p>
        <CodeSample label="A failed response">
          {`{ "success": false, "error": "Please check your input and try again.",
  "metadata": { "errorCode": "VALIDATION_ERROR", "errorType": "…", "severity": "…",
                "retryable": false, "correlationId": "err_…" } }`}
        </CodeSample>
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
