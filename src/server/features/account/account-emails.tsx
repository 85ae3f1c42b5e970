/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  EmailButton,
  EmailLayout,
  renderEmail,
  type RenderedEmail,
} from '#server/platform/email/templates.tsx';

// E-mails of the account area, in the shared frame.

export const accountEmails = {
  confirmEmailChange(input: { url: string }): RenderedEmail {
    return {
      subject: 'Confirm your new e-mail address for Soci Gen',
      html: renderEmail(
        <EmailLayout preview="Confirm this address to sign in to Soci Gen with it.">
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Confirm your new e-mail address</h1>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>
            You asked to sign in to Soci Gen with this address from now on. Confirm it to finish the
            change; until then your previous address keeps working.
          </p>
          <EmailButton href={input.url} label="Confirm new address" />
          <p style={{ fontSize: 13, color: '#475569' }}>
            This link works once and expires in 24 hours.
          </p>
        </EmailLayout>,
      ),
      text: `Confirm your new e-mail address for Soci Gen:\n${input.url}\n\nUntil you do, your previous address keeps working. This link works once and expires in 24 hours.`,
    };
  },
  emailChangeRequested(input: { newEmail: string }): RenderedEmail {
    return {
      subject: 'Your Soci Gen sign-in address is being changed',
      html: renderEmail(
        <EmailLayout preview="A change of sign-in address was requested.">
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Sign-in address change requested</h1>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>
            Someone signed in to your account asked to move it to {input.newEmail}. The change
            happens only when the link sent there is followed. If this was not you, change your
            password now.
          </p>
        </EmailLayout>,
      ),
      text: `Someone signed in to your Soci Gen account asked to move it to ${input.newEmail}. The change happens only when the link sent there is followed. If this was not you, change your password now.`,
    };
  },
  addressInUse(input: { loginUrl: string }): RenderedEmail {
    return {
      subject: 'Someone tried to use this address for Soci Gen',
      html: renderEmail(
        <EmailLayout preview="This address already has a Soci Gen account.">
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>This address already has an account</h1>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>
            Someone asked to move another Soci Gen account to this e-mail address, which already has
            one, so nothing was changed.
          </p>
          <EmailButton href={input.loginUrl} label="Sign in" />
        </EmailLayout>,
      ),
      text: `Someone asked to move another Soci Gen account to this e-mail address, which already has one, so nothing was changed.\nSign in: ${input.loginUrl}`,
    };
  },
};
