import { Link } from 'react-router';
import { TRIAL_DAYS } from '#shared/plans.ts';
import { POST_STATUSES, Table, TD, TH, type DocSection } from './doc-parts.tsx';

/** The guide from the first sign-in to a scheduled post. */
export const PLANNING_SECTIONS: DocSection[] = [
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
];
