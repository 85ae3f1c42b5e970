/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas make every runner (tsx, Vitest, tsc) compile this JSX the same way.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// E-mail templates as React components rendered to static HTML with inline styles (mail
// clients ignore stylesheets), plus a plain-text part for clients that show no HTML.

const brand = '#4f46e5';

function Layout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body
        style={{
          margin: 0,
          padding: 0,
          backgroundColor: '#f1f5f9',
          fontFamily: 'Helvetica, Arial, sans-serif',
        }}
      >
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{preview}</div>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ padding: '32px 12px' }}
        >
          <tbody>
            <tr>
              <td align="center">
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{
                    maxWidth: 520,
                    backgroundColor: '#ffffff',
                    borderRadius: 12,
                    padding: 32,
                    color: '#0f172a',
                  }}
                >
                  <tbody>
                    <tr>
                      <td>
                        <p
                          style={{
                            fontSize: 18,
                            fontWeight: 700,
                            color: brand,
                            margin: '0 0 24px',
                          }}
                        >
                          Soci Gen
                        </p>
                        {children}
                        <p style={{ fontSize: 12, color: '#64748b', marginTop: 32 }}>
                          You received this e-mail because of an action on your Soci Gen account. If
                          it was not you, you can ignore it.
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

function ActionButton({ href, label }: { href: string; label: string }) {
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        style={{
          backgroundColor: brand,
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: 8,
          textDecoration: 'none',
          fontWeight: 600,
          display: 'inline-block',
        }}
      >
        {label}
      </a>
    </p>
  );
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

function render(node: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(node)}`;
}

export const emailTemplates = {
  confirmEmail(input: {
    url: string;
    /** The business being set up; null for someone who has none of their own. */
    businessName: string | null;
    /** The business an invited person joins once confirmed (docs/decisions/035). */
    joining?: string | null;
  }): RenderedEmail {
    const purpose = input.joining
      ? `to finish creating your account, then join ${input.joining}`
      : input.businessName
        ? `to finish setting up ${input.businessName}`
        : 'to finish setting up your account';
    return {
      subject: 'Confirm your e-mail address for Soci Gen',
      html: render(
        <Layout preview="Confirm your e-mail address to start using Soci Gen.">
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Confirm your e-mail address</h1>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>
            Welcome to Soci Gen! Confirm this address {purpose}.
          </p>
          <ActionButton href={input.url} label="Confirm e-mail address" />
          <p style={{ fontSize: 13, color: '#475569' }}>
            This link works once and expires in 24 hours.
          </p>
        </Layout>,
      ),
      text: `Welcome to Soci Gen!\n\nConfirm your e-mail address ${purpose}:\n${input.url}\n\nThis link works once and expires in 24 hours.`,
    };
  },
  resetPassword(input: { url: string }): RenderedEmail {
    return {
      subject: 'Reset your Soci Gen password',
      html: render(
        <Layout preview="A link to choose a new password.">
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Reset your password</h1>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>
            Someone asked to reset the password of this Soci Gen account. Choose a new one here:
          </p>
          <ActionButton href={input.url} label="Choose a new password" />
          <p style={{ fontSize: 13, color: '#475569' }}>
            This link works once and expires in 1 hour. If you did not ask for it, your password
            stays as it is.
          </p>
        </Layout>,
      ),
      text: `Reset your Soci Gen password:\n${input.url}\n\nThis link works once and expires in 1 hour. If you did not ask for it, your password stays as it is.`,
    };
  },
  accountExists(input: { loginUrl: string; resetUrl: string }): RenderedEmail {
    return {
      subject: 'You already have a Soci Gen account',
      html: render(
        <Layout preview="Someone tried to sign up with this address.">
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>You already have an account</h1>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>
            Someone tried to create a Soci Gen account with this e-mail address, which already has
            one. Sign in instead, or reset your password if you have forgotten it.
          </p>
          <ActionButton href={input.loginUrl} label="Sign in" />
          <p style={{ fontSize: 13 }}>
            <a href={input.resetUrl}>Reset your password</a>
          </p>
        </Layout>,
      ),
      text: `Someone tried to create a Soci Gen account with this address, which already has one.\nSign in: ${input.loginUrl}\nReset your password: ${input.resetUrl}`,
    };
  },
  contactMessage(input: {
    name: string;
    email: string;
    company: string | null;
    message: string;
  }): RenderedEmail {
    return {
      subject: `Contact form: ${input.name}`,
      html: render(
        <Layout preview={`New message from ${input.name}`}>
          <h1 style={{ fontSize: 20, margin: '0 0 12px' }}>New contact message</h1>
          <p style={{ fontSize: 14 }}>
            From {input.name} &lt;{input.email}&gt;{input.company ? ` (${input.company})` : ''}
          </p>
          <p style={{ fontSize: 14, whiteSpace: 'pre-wrap', lineHeight: 1.6 }}>{input.message}</p>
        </Layout>,
      ),
      text: `From ${input.name} <${input.email}>${input.company ? ` (${input.company})` : ''}\n\n${input.message}`,
    };
  },
  staffInvitation(input: {
    url: string;
    businessName: string;
    inviterName: string;
    roleLabel: string;
    expiresOn: string;
  }): RenderedEmail {
    return {
      subject: `${input.inviterName} invited you to ${input.businessName} on Soci Gen`,
      html: render(
        <Layout preview={`Join ${input.businessName} on Soci Gen as ${input.roleLabel}.`}>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Join {input.businessName}</h1>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>
            {input.inviterName} invited you to work on {input.businessName}&apos;s social media in
            Soci Gen as {input.roleLabel}. Sign in or create an account with this e-mail address to
            join.
          </p>
          <ActionButton href={input.url} label="Accept the invitation" />
          <p style={{ fontSize: 13, color: '#475569' }}>
            This link works once and expires on {input.expiresOn}.
          </p>
        </Layout>,
      ),
      text: `${input.inviterName} invited you to work on ${input.businessName}'s social media in Soci Gen as ${input.roleLabel}.\n\nSign in or create an account with this e-mail address to join:\n${input.url}\n\nThis link works once and expires on ${input.expiresOn}.`,
    };
  },
  platformTokenExpiring(input: {
    accountName: string;
    platformLabel: string;
    loginLabel: string;
    days: number;
    expiresOn: string;
    url: string;
  }): RenderedEmail {
    const when =
      input.days <= 0 ? 'today' : `in ${input.days} ${input.days === 1 ? 'day' : 'days'}`;
    return {
      subject: `Reconnect ${input.accountName}: access ends ${when}`,
      html: render(
        <Layout preview={`Soci Gen's access to ${input.accountName} ends on ${input.expiresOn}.`}>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Reconnect {input.accountName}</h1>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>
            Soci Gen&apos;s access to your {input.platformLabel} account {input.accountName} ends{' '}
            {when} ({input.expiresOn}). {input.loginLabel} does not let us renew it for you:
            reconnect the account to keep your scheduled posts publishing.
          </p>
          <ActionButton href={input.url} label="Reconnect the account" />
          <p style={{ fontSize: 13, color: '#475569' }}>
            Reconnecting keeps the account&apos;s history and scheduled posts.
          </p>
        </Layout>,
      ),
      text: `Soci Gen's access to your ${input.platformLabel} account ${input.accountName} ends ${when} (${input.expiresOn}). ${input.loginLabel} does not let us renew it for you: reconnect the account to keep your scheduled posts publishing.\n\n${input.url}\n\nReconnecting keeps the account's history and scheduled posts.`,
    };
  },

  /** A post that finally failed to publish (notification preference "e-mail on a failed post"). */
  postPublishFailed(input: {
    title: string;
    accountName: string;
    reason: string;
    url: string;
  }): RenderedEmail {
    return {
      subject: `Not published: ${input.title}`,
      html: render(
        <Layout preview={`"${input.title}" was not published to ${input.accountName}.`}>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>A post was not published</h1>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>
            &ldquo;{input.title}&rdquo; was not published to {input.accountName}.
          </p>
          <p style={{ fontSize: 15, lineHeight: 1.6 }}>{input.reason}</p>
          <ActionButton href={input.url} label="Open the calendar" />
          <p style={{ fontSize: 13, color: '#475569' }}>
            You can turn these e-mails off in your notification settings.
          </p>
        </Layout>,
      ),
      text: `"${input.title}" was not published to ${input.accountName}.\n\n${input.reason}\n\n${input.url}\n\nYou can turn these e-mails off in your notification settings.`,
    };
  },
} as const;

export type EmailTemplateName = keyof typeof emailTemplates;

/** The shared frame, for templates kept beside their feature. */
export { Layout as EmailLayout, ActionButton as EmailButton, render as renderEmail };
