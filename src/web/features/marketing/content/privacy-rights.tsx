import { Link } from 'react-router';
import type { LegalSection } from '../components/legal-document.tsx';

/** The privacy policy's second part: deletion, retention, security, rights and the rest. */
export const PRIVACY_RIGHTS_SECTIONS: LegalSection[] = [
  {
    id: 'meta-data-deletion',
    title: 'Meta platform data and deletion',
    body: (
      <>
        <p>
          You can stop Soci Gen’s access to your Meta accounts at any time, in either of two ways:
        </p>
        <ol>
          <li>
            In Soci Gen, open <strong>Platforms</strong> and disconnect the Page or Instagram
            account. Its access token is deleted immediately and nothing more is published or synced
            for it.
          </li>
          <li>
            In Facebook, open Settings &amp; privacy → Settings → Apps and websites, and remove Soci
            Gen. Meta then sends us a data deletion request.
          </li>
        </ol>
        <p>
          When we receive a deletion request from Meta, we delete the tokens, comments, messages,
          insights and audience contacts obtained through that Meta account, and give you a
          confirmation code. You can follow the request at{' '}
          <Link to="/deletion-confirmation">/deletion-confirmation</Link> — the address with{' '}
          <code>?id=</code> and your code shows its status. Deleting your Soci Gen account from your
          profile page works the same way and shows its status on the same page.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <ul>
        <li>
          <strong>Account, business profile, content and media</strong>: while your account exists.
          When you delete it, they are deleted within 30 days, and removed from backups within a
          further 35 days.
        </li>
        <li>
          <strong>Access tokens</strong>: until you disconnect the account, remove the app in
          Facebook or the token is revoked — then deleted straight away.
        </li>
        <li>
          <strong>Comments, messages, insights and audience contacts</strong>: while the account
          they came from is connected, and deleted with it on a Meta deletion request.
        </li>
        <li>
          <strong>Staff invitations</strong>: valid for 7 days; expired and cancelled invitations
          are deleted after 90 days.
        </li>
        <li>
          <strong>Contact form messages</strong>: 12 months after our last reply.
        </li>
        <li>
          <strong>Server logs</strong>: 30 days.
        </li>
        <li>
          <strong>Invoices and billing records</strong>: as long as tax and accounting law requires,
          usually up to 10 years.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <ul>
        <li>Connections to the service are encrypted in transit (HTTPS).</li>
        <li>
          Platform access tokens and two-factor secrets are encrypted at rest; passwords are hashed.
        </li>
        <li>
          Every business’s data is kept apart in the database itself: queries can only read the rows
          of the business they act for.
        </li>
        <li>
          Two-factor sign-in, session review and “sign out of all sessions” are available to every
          user.
        </li>
        <li>
          Staff of our own have access to production data only when needed to run or support the
          service.
        </li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your choices and rights',
    body: (
      <>
        <p>
          Depending on where you live, you have the right to access, correct, export or delete your
          personal data, and to object to or restrict how we use it. In practice:
        </p>
        <ul>
          <li>Correct your account and business profile yourself in Profile and Settings.</li>
          <li>Export analytics and audience tables as CSV from the dashboard.</li>
          <li>
            Delete your account from your profile page; its status appears on the deletion status
            page.
          </li>
          <li>
            For anything else, <Link to="/contact">contact us</Link>. We answer within one business
            day and complete requests within 30 days.
          </li>
        </ul>
        <p>
          People who commented on or messaged a business using Soci Gen should first ask that
          business, which decides how their data is used; we will help it respond. You can also
          complain to your data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        Soci Gen uses only cookies that are strictly necessary: one that keeps you signed in and
        protects your session. We do not use advertising cookies or third-party tracking, and this
        website loads no outside scripts or fonts.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Soci Gen is a business tool and is not meant for anyone under 16. We do not knowingly
        collect their data.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        Some of our service providers, and Meta, may process data outside your country. Where that
        happens we rely on adequacy decisions or standard contractual clauses so that your data
        keeps the same protection.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top. If a change matters — for example
        a new kind of data or a new purpose — we tell account owners by e-mail at least 30 days
        before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about privacy, or a request about your data: write to us through the{' '}
        <Link to="/contact">contact form</Link> and mention “privacy” in your message. We reply
        within one business day.
      </p>
    ),
  },
];
