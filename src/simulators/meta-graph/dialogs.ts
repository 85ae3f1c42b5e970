import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { consentPage } from './consent-page.ts';
import type { SimContext } from './context.ts';
import type { SimPerson } from './state.ts';

// The Facebook Login and Instagram Login dialogs: consent page (or auto consent), the decision
// and its code, and the login tickets of docs/decisions/057
// (docs/product/meta-platform.md#instagram-login).

/** How long a login ticket lets a browser into the dialogs (docs/decisions/057). */
export const LOGIN_TICKET_SECONDS = 600;

export function mountDialogs(ctx: SimContext, app: Hono) {
  const { state, cfg, nowSec } = ctx;

  // Login tickets (docs/decisions/057): with requireLoginTicket the dialogs know a person only
  // through a ticket the simulator issued, kept for one decision and LOGIN_TICKET_SECONDS.
  function issueLoginTicket(personId: string, bind: { state?: string } = {}): string {
    if (!state.people.has(personId)) throw new Error(`No simulated person ${personId}`);
    const now = Date.now();
    for (const [key, held] of state.loginTickets) {
      if (held.expiresAt <= now) state.loginTickets.delete(key);
    }
    const ticket = randomBytes(32).toString('base64url');
    state.loginTickets.set(ticket, {
      personId,
      state: bind.state ?? null,
      expiresAt: now + LOGIN_TICKET_SECONDS * 1000,
    });
    return ticket;
  }

  /** The person a ticket lets in for this dialog `state`, or undefined. */
  function ticketPerson(ticket: string, stateParam: string): SimPerson | undefined {
    const found = ticket ? state.loginTickets.get(ticket) : undefined;
    if (!found || found.expiresAt <= Date.now()) return undefined;
    if (found.state !== null && found.state !== stateParam) return undefined;
    return state.people.get(found.personId);
  }

  const loginRequired = (c: Context, login: 'facebook' | 'instagram') =>
    c.html(
      `<h1>Log in to continue</h1><p>This simulated ${login === 'facebook' ? 'Facebook' : 'Instagram'} sign-in has expired or was not started by the app. Go back to the app and connect again.</p>`,
      403,
    );

  /** The dialog's check of redirect_uri, which the decision repeats ("URL blocked"). */
  function redirectAllowed(redirectUri: string): boolean {
    if (!redirectUri || !URL.canParse(redirectUri)) return false;
    return cfg().redirectUris.length === 0 || cfg().redirectUris.includes(redirectUri);
  }

  const urlBlocked = (c: Context) =>
    c.html(
      "<h1>URL blocked</h1><p>This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.</p>",
      400,
    );

  // FB Login dialog: consent page (or auto consent), then a 302 to redirect_uri.
  const dialog = async (c: Context, login: 'facebook' | 'instagram') => {
    const q = c.req.query();
    const appId = login === 'facebook' ? cfg().appId : cfg().igAppId;
    if (q.client_id !== appId) {
      return c.html(
        '<h1>Invalid App ID</h1><p>The provided app ID does not look like a valid app ID.</p>',
        400,
      );
    }
    const redirectUri = q.redirect_uri ?? '';
    if (!redirectAllowed(redirectUri)) return urlBlocked(c);
    const scopes = (q.scope ?? '').split(/[,\s]+/).filter(Boolean);
    const ticket = q.sim_login ?? '';
    let person: SimPerson;
    if (cfg().requireLoginTicket) {
      const holder = ticketPerson(ticket, q.state ?? '');
      if (!holder) return loginRequired(c, login);
      person = holder;
    } else {
      person = state.people.get(q.sim_person ?? '') ?? [...state.people.values()][0]!;
    }
    const auto = (q.sim_auto as 'allow' | 'deny' | undefined) ?? cfg().autoConsent;
    if (auto) {
      if (cfg().requireLoginTicket) state.loginTickets.delete(ticket);
      return c.redirect(
        decide(login, auto, person.id, redirectUri, q.state ?? '', scopes, scopes),
        302,
      );
    }
    const url = new URL(c.req.url);
    return c.html(
      consentPage({
        login,
        appName: cfg().appName,
        personName:
          login === 'facebook'
            ? person.name
            : `@${state.igAccounts.get(person.igLoginAccountId ?? '')?.username ?? person.name}`,
        action: `${url.pathname}/decide`,
        scopes,
        hidden: {
          redirect_uri: redirectUri,
          state: q.state ?? '',
          scope: scopes.join(','),
          ...(cfg().requireLoginTicket ? { sim_login: ticket } : { person: person.id }),
        },
      }),
    );
  };

  function decide(
    login: 'facebook' | 'instagram',
    decision: 'allow' | 'deny',
    personId: string,
    redirectUri: string,
    stateParam: string,
    requested: string[],
    granted: string[],
  ): string {
    const target = new URL(redirectUri);
    if (decision === 'deny') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_reason', 'user_denied');
      target.searchParams.set(
        'error_description',
        login === 'facebook' ? 'Permissions error' : 'The user denied your request',
      );
      if (stateParam) target.searchParams.set('state', stateParam);
      return target.toString();
    }
    const code = `AQ${randomBytes(48).toString('base64url')}`;
    state.codes.set(code, {
      code,
      login,
      personId,
      redirectUri,
      scopes: requested.filter((s) => granted.includes(s)),
      declined: requested.filter((s) => !granted.includes(s)),
      expiresAt: nowSec() + (login === 'instagram' ? 3600 : cfg().codeSeconds),
      used: false,
    });
    target.searchParams.set('code', code);
    if (stateParam) target.searchParams.set('state', stateParam);
    // Instagram appends "#_" to the redirect (docs/product/meta-platform.md#instagram-login);
    // clients strip it.
    return login === 'instagram' ? `${target.toString()}#_` : target.toString();
  }

  const decideRoute = async (c: Context, login: 'facebook' | 'instagram') => {
    const body = await c.req.parseBody({ all: true });
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
    // The form comes back from the browser: its redirect_uri is checked again, like the dialog's.
    if (!redirectAllowed(str('redirect_uri'))) return urlBlocked(c);
    let personId = str('person');
    if (cfg().requireLoginTicket) {
      const holder = ticketPerson(str('sim_login'), str('state'));
      if (!holder) return loginRequired(c, login);
      state.loginTickets.delete(str('sim_login'));
      personId = holder.id;
    }
    const grantedRaw = body.granted;
    const granted = Array.isArray(grantedRaw)
      ? grantedRaw.filter((g): g is string => typeof g === 'string')
      : typeof grantedRaw === 'string'
        ? [grantedRaw]
        : [];
    const requested = str('scope').split(',').filter(Boolean);
    const decision = str('decision') === 'allow' ? 'allow' : 'deny';
    return c.redirect(
      decide(login, decision, personId, str('redirect_uri'), str('state'), requested, granted),
      302,
    );
  };

  app.get('/facebook/:version/dialog/oauth', (c) => dialog(c, 'facebook'));
  app.post('/facebook/:version/dialog/oauth/decide', (c) => decideRoute(c, 'facebook'));
  app.get('/facebook/dialog/oauth', (c) => dialog(c, 'facebook'));
  app.post('/facebook/dialog/oauth/decide', (c) => decideRoute(c, 'facebook'));
  app.get('/instagram/oauth/authorize', (c) => dialog(c, 'instagram'));
  app.post('/instagram/oauth/authorize/decide', (c) => decideRoute(c, 'instagram'));

  return { issueLoginTicket, decide };
}
