import type { LegalSection } from '../components/legal-document.tsx';

/** The privacy policy's first part: what is collected, why, on what basis, and who sees it. */
export const PRIVACY_DATA_SECTIONS: LegalSection[] = [
  {
    id: 'overview',
    title: 'Who we are and what this covers',
    body: (
      <>
        <p>
          Soci Gen (“we”, “us”) provides a web application in which businesses plan, create,
          schedule and publish content on Instagram and Facebook, answer comments and direct
          messages, run campaigns and read analytics. This policy explains what personal data the
          service stores, why, for how long, and what you can do about it.
        </p>
        <p>
          It applies to this website, the Soci Gen dashboard and the Soci Gen API. For the content
          and audience data a business manages in Soci Gen, that business decides what is collected
          and why; we process it on the business’s behalf and only to provide the service.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <h3>Your account</h3>
        <ul>
          <li>
            Name, e-mail address, avatar and the roles you hold (owner, staff or administrator).
          </li>
          <li>
            Your password, stored only as a salted one-way hash — we cannot read it. If you turn on
            two-factor sign-in, the authenticator secret is encrypted and backup codes are stored as
            hashes.
          </li>
          <li>
            Sessions: when you signed in, the browser and IP address used, so you can review and end
            them.
          </li>
          <li>If you sign in with Facebook, the identifier Meta gives us for your account.</li>
        </ul>
        <h3>Your business profile</h3>
        <p>
          Business name, industry, website, description, brand voice, target audience, time zone,
          default platforms, posting hours and logo. We use these to set up your calendar and to
          write AI drafts that sound like you.
        </p>
        <h3>Your content</h3>
        <p>
          Posts, captions, drafts, calendar notes, campaigns and their plans, saved replies, AI
          prompts and the text generated for you, and the images and videos you upload to the media
          library, with their tags.
        </p>
        <h3>Connected Meta accounts</h3>
        <ul>
          <li>
            The Facebook Pages and Instagram professional accounts you connect: their identifiers,
            names, profile pictures and the permissions you granted.
          </li>
          <li>
            The access tokens Meta issues for them. Tokens are <strong>encrypted at rest</strong>,
            used only by our servers to act on the accounts you chose, and never shown in the
            browser or sent to anyone else.
          </li>
          <li>
            For each published post: the platform’s identifier and link, the number of attempts and,
            if it failed, the reason.
          </li>
        </ul>
        <h3>Analytics and audience data from Meta</h3>
        <ul>
          <li>
            Account and post insights as Meta reports them: followers, reach, views, engagement and
            profile activity.
          </li>
          <li>
            Audience demographics (age ranges, gender, top cities and countries) — these arrive
            aggregated; we do not receive them per person.
          </li>
          <li>
            Comments and direct messages on your connected accounts, including the public name,
            username and profile picture of the people who wrote them. From these, Soci Gen builds
            your audience contact list: the platform identifier, name, interaction history and any
            tags, notes or stages your team adds.
          </li>
        </ul>
        <h3>Your team</h3>
        <p>
          The e-mail addresses and roles of people you invite, and the status and expiry of each
          invitation.
        </p>
        <h3>Billing</h3>
        <p>
          Your plan, subscription status, add-ons, coupons and invoices. Card payments are handled
          by our payment provider; we never receive or store your full card number.
        </p>
        <h3>Messages you send us</h3>
        <p>The name, e-mail address, company and message you enter in our contact form.</p>
        <h3>Technical records</h3>
        <p>
          Server logs of requests and errors, each with a correlation identifier so we can trace a
          problem you report, and counters used to limit abusive traffic.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    body: (
      <ul>
        <li>
          To run the service: publish your posts at the time you chose, sync comments, messages and
          insights.
        </li>
        <li>
          To keep it reliable and secure: retry failed calls, detect expiring tokens, investigate
          errors, stop abuse.
        </li>
        <li>
          To tell you what you need to know: failed posts, inbox digests you switched on,
          invitations, billing.
        </li>
        <li>To bill you for your plan and add-ons.</li>
        <li>To answer your questions and support requests.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Legal bases',
    body: (
      <>
        <p>Where data protection law such as the GDPR applies, we rely on:</p>
        <ul>
          <li>
            <strong>Contract</strong> — to provide the service you signed up for.
          </li>
          <li>
            <strong>Legitimate interests</strong> — to keep the service secure, fix problems and
            improve it, in ways you would expect.
          </li>
          <li>
            <strong>Legal obligation</strong> — to keep billing records for as long as tax law
            requires.
          </li>
          <li>
            <strong>Consent</strong> — for optional e-mails, which you can switch off in your
            notification preferences.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'ai',
    title: 'AI features',
    body: (
      <p>
        When you generate content, your prompt and the relevant parts of your business profile (such
        as industry, audience and brand voice) are sent to the AI provider configured for the
        service, and the result is stored in your history. The dashboard always shows which provider
        is active. We do not use your content to train AI models, and we choose providers whose
        terms do not allow them to either.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <p>We do not sell personal data or use it for advertising. We share it only with:</p>
        <ul>
          <li>
            <strong>Meta</strong>, when you ask us to: publishing posts, replying to comments and
            messages, and reading insights for the accounts you connected.
          </li>
          <li>
            <strong>Service providers</strong> that run parts of the service for us under contract:
            hosting and database, file storage, e-mail delivery, card payments and the AI provider.
            They may use the data only to provide their service to us.
          </li>
          <li>
            <strong>Your team</strong>: staff you invite see the business’s content, inbox and
            analytics according to their role.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it and only as far as it requires.
          </li>
        </ul>
      </>
    ),
  },
];
