import { Link } from 'react-router';
import { ADDONS, PLANS, TRIAL_DAYS } from '#shared/plans.ts';
import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';
import { useDocumentTitle, pageTitle } from '../hooks/use-document-title.ts';
import { formatPrice } from '../lib/format.ts';

const UPDATED = '20 November 2026';

const premium = PLANS.premium;

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms are the agreement between Soci Gen (“we”, “us”) and the business or person
          that creates a Soci Gen account (“you”). By creating an account or using the service you
          accept them. If you accept them for a business, you confirm you are allowed to bind it.
        </p>
        <p>
          Our <Link to="/privacy">privacy policy</Link> explains how we handle personal data and
          forms part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          You must be at least 16 and use Soci Gen for a business, organisation or professional
          purpose.
        </li>
        <li>
          Give accurate details and keep your e-mail address current; we send important notices
          there.
        </li>
        <li>
          Keep your password private and turn on two-factor sign-in. You are responsible for
          activity in your account until you tell us it has been compromised.
        </li>
      </ul>
    ),
  },
  {
    id: 'team',
    title: 'Owners and staff',
    body: (
      <p>
        The owner of a business account signs up, pays and connects the platforms. The owner may
        invite staff by e-mail; invitations are valid for 7 days. Staff work inside the owner’s
        business with the permissions of their role, and the owner is responsible for what staff do
        there and for removing them when they should no longer have access.
      </p>
    ),
  },
  {
    id: 'plans-billing',
    title: 'Plans, trial and billing',
    body: (
      <>
        <ul>
          <li>
            <strong>Trial.</strong> New accounts get {TRIAL_DAYS} days of Premium without payment
            details. When the trial ends, paid areas stop until you choose Premium or continue on
            the Free plan.
          </li>
          <li>
            <strong>Free.</strong> The dashboard and analytics, within the Free plan’s limits, for
            as long as we offer the Free plan.
          </li>
          <li>
            <strong>Premium.</strong> {formatPrice(premium.priceMonthly)} per month
            {premium.priceYearly !== null && <> or {formatPrice(premium.priceYearly)} per year</>},
            paid in advance and renewed automatically for the same period until you cancel.
          </li>
          <li>
            <strong>Add-ons.</strong> {ADDONS.crm.name} and {ADDONS.email.name} are billed monthly
            in advance on top of your plan.
          </li>
          <li>
            Prices exclude taxes, which are added where the law requires. Coupons apply as described
            when you redeem them.
          </li>
          <li>
            You can cancel at any time from Subscription in your dashboard. Your paid plan stays
            active until the end of the period you paid for; we do not refund partial periods unless
            the law requires it.
          </li>
          <li>
            If a payment fails we will tell you and retry; if it still fails, your account may move
            to the Free plan.
          </li>
          <li>We give at least 30 days’ notice by e-mail before a price change applies to you.</li>
        </ul>
        <p>
          Plan limits — connected accounts, staff seats, AI generations per month and media storage
          — are listed on the <Link to="/pricing">pricing page</Link> and enforced by the service.
        </p>
      </>
    ),
  },
  {
    id: 'platforms',
    title: 'Connected platforms',
    body: (
      <>
        <p>
          When you connect a Facebook Page or Instagram account you authorise Soci Gen to act on it
          as you instruct: publish and delete posts, read and answer comments and messages, and read
          insights. You confirm you are allowed to manage those accounts.
        </p>
        <p>
          Your use of Instagram and Facebook is also governed by Meta’s terms and policies, which
          you must follow. Meta may change or limit its API, permissions or rate limits at any time;
          some features may then change or stop working, and we will tell you when that affects you.
          Soci Gen is not affiliated with Meta.
        </p>
      </>
    ),
  },
  {
    id: 'publishing',
    title: 'What we promise about publishing',
    body: (
      <>
        <p>
          We publish each scheduled post once, at or shortly after its scheduled time, and we retry
          temporary platform errors. Every post ends either published or failed with the reason we
          received, and the owner is notified of failures.
        </p>
        <p>
          We cannot guarantee that a platform accepts or keeps a post — for example when a token has
          expired, a platform is down, an account reaches its publishing limit or content breaks a
          platform rule. We check what we can before scheduling and tell you what happened.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep all rights to the content you upload or create in Soci Gen. You give us a licence
          to store, copy, process and transmit it only as needed to provide the service — for
          example to resize a preview or publish a post to the accounts you chose. The licence ends
          when the content is deleted.
        </p>
        <p>
          You are responsible for your content and confirm you have the rights to publish it,
          including music, images and the likeness of people in them.
        </p>
      </>
    ),
  },
  {
    id: 'ai',
    title: 'AI-generated content',
    body: (
      <p>
        AI drafts are suggestions. They can be inaccurate, repetitive or unsuitable, and similar
        text may be produced for other users. Review everything before you publish it; once you
        publish, it is your content. AI generations count against your plan’s monthly allowance.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You may not use Soci Gen to:</p>
        <ul>
          <li>
            publish spam, misleading content, or anything unlawful, hateful, harassing or
            infringing;
          </li>
          <li>break Meta’s terms, community standards or platform policies;</li>
          <li>send e-mail campaigns to people who have not agreed to receive them;</li>
          <li>
            get around plan limits, rate limits or security controls, or access another business’s
            data;
          </li>
          <li>upload malware or interfere with the service or its other users;</li>
          <li>scrape the service or resell it without our written agreement.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'api',
    title: 'API',
    body: (
      <p>
        Owners can create API keys in Settings. Keep keys secret; requests made with your key count
        as yours. The API is subject to rate limits and to these terms, and its reference is
        published at <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        We work to keep Soci Gen available and reliable, but it is provided without a guaranteed
        uptime unless we agree one in writing. We may improve or change features; if we remove
        something material from a paid plan we will tell you in advance, and you may cancel.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and ending',
    body: (
      <>
        <p>
          You can stop using Soci Gen and delete your account at any time from your profile page. We
          may suspend or close an account that seriously or repeatedly breaks these terms, that puts
          the service or others at risk, or that has an unpaid balance — with notice where we
          reasonably can.
        </p>
        <p>
          Before your account is deleted you can export your analytics and audience tables. After
          deletion, data is removed as described in the{' '}
          <Link to="/privacy#retention">privacy policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Warranties and liability',
    body: (
      <>
        <p>
          Apart from what these terms promise, the service is provided “as is”. We are not liable
          for indirect or consequential losses, such as lost profits, lost followers or lost
          business opportunities, or for the acts of Meta or other platforms.
        </p>
        <p>
          Our total liability for any claim in a 12-month period is limited to the amount you paid
          us in that period. Nothing in these terms limits liability that cannot be limited by law,
          such as for fraud or for death or personal injury caused by negligence.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will e-mail account owners at least 30 days before a material
        change takes effect. If you do not agree you can cancel before then; continuing to use Soci
        Gen means you accept the new terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to us through the <Link to="/contact">contact form</Link>
        . We reply within one business day.
      </p>
    ),
  },
];

export default function TermsPage() {
  useDocumentTitle(pageTitle('Terms of Service'));
  return (
    <LegalDocument
      title="Terms of service"
      lead="The agreement between your business and Soci Gen, written to be read."
      updated={UPDATED}
      sections={SECTIONS}
    />
  );
}
