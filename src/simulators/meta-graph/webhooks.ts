import { createHmac } from 'node:crypto';
import type { Hono } from 'hono';
import type { SimContext } from './context.ts';
import { digits } from './state.ts';

// Outbound deliveries of the control API: webhook verification, signed webhook deliveries and
// signed deauthorize and data-deletion requests, only ever to the configured callbacks
// (docs/decisions/057, docs/product/meta-platform.md#webhook-delivery).

export function mountWebhookControl(ctx: SimContext, control: Hono) {
  const { state, cfg, nowSec, outbound } = ctx;

  // where the simulator sends anything (docs/decisions/057).
  control.post('/webhooks/verify', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { verifyToken?: string };
    const target = cfg().webhookCallbackUrl;
    if (!target) return c.json({ error: 'No webhook callback URL configured' }, 400);
    const challenge = String(digits(10));
    const url = new URL(target);
    url.searchParams.set('hub.mode', 'subscribe');
    url.searchParams.set('hub.challenge', challenge);
    url.searchParams.set('hub.verify_token', body.verifyToken ?? cfg().webhookVerifyToken ?? '');
    const res = await outbound(url.toString(), { method: 'GET' });
    const text = await res.text();
    return c.json({
      status: res.status,
      body: text,
      verified: res.status === 200 && text === challenge,
    });
  });
  // Signed delivery like Meta's (docs/product/meta-platform.md#webhook-delivery):
  // X-Hub-Signature-256 over the exact bytes sent.
  control.post('/webhooks/deliver', async (c) => {
    const body = (await c.req.json()) as {
      object: string;
      entry: unknown[];
      signWith?: 'facebook' | 'instagram' | 'wrong';
      duplicate?: boolean;
    };
    const target = cfg().webhookCallbackUrl;
    if (!target) return c.json({ error: 'No webhook callback URL configured' }, 400);
    const raw = webhookBody(body.object, body.entry);
    const secret =
      body.signWith === 'instagram'
        ? cfg().igAppSecret
        : body.signWith === 'wrong'
          ? 'not-the-secret'
          : cfg().appSecret;
    const signature = webhookSignature(raw, secret);
    const deliveries = body.duplicate ? 2 : 1;
    const results: { status: number; body: string }[] = [];
    for (let i = 0; i < deliveries; i += 1) {
      const res = await outbound(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body: raw,
      });
      results.push({ status: res.status, body: await res.text() });
    }
    return c.json({ signature, results });
  });
  // Signed deauthorize and data-deletion requests
  // (docs/product/meta-platform.md#deauthorize-and-data-deletion).
  control.post('/signed-request', async (c) => {
    const body = (await c.req.json()) as {
      kind: 'deauthorize' | 'data_deletion';
      login?: 'facebook' | 'instagram';
      personId?: string;
    };
    const login = body.login ?? 'facebook';
    const person = state.people.get(body.personId ?? '') ?? [...state.people.values()][0]!;
    const target =
      login === 'facebook'
        ? body.kind === 'deauthorize'
          ? cfg().deauthorizeUrl
          : cfg().dataDeletionUrl
        : body.kind === 'deauthorize'
          ? cfg().igDeauthorizeUrl
          : cfg().igDataDeletionUrl;
    if (!target) return c.json({ error: `No ${body.kind} URL configured` }, 400);
    const userId = login === 'facebook' ? person.id : (person.igLoginAccountId ?? person.id);
    const signed = signedRequest(
      { algorithm: 'HMAC-SHA256', issued_at: nowSec(), expires: nowSec() + 3600, user_id: userId },
      login === 'facebook' ? cfg().appSecret : cfg().igAppSecret,
    );
    if (body.kind === 'deauthorize') {
      for (const t of state.tokens.values()) if (t.personId === person.id) t.invalidSubcode = 458;
    }
    const res = await outbound(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
    return c.json({ status: res.status, body: await res.text(), signedRequest: signed, userId });
  });
}

/**
 * A delivery's body: Meta signs an escaped-unicode serialisation, and so does the simulator, so
 * receivers must verify the raw bytes (docs/product/meta-platform.md#webhook-delivery).
 */
export function webhookBody(object: string, entry: unknown[]): string {
  return JSON.stringify({ object, entry }).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** X-Hub-Signature-256 of a body. */
export function webhookSignature(raw: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

/**
 * `base64url(HMAC-SHA256(payload segment)) + "." + base64url(JSON payload)`
 * (docs/product/meta-platform.md#deauthorize-and-data-deletion).
 */
export function signedRequest(payload: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha256', secret).update(body).digest('base64url');
  return `${signature}.${body}`;
}
