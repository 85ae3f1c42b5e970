import type { Context, Hono } from 'hono';
import type { Checkout } from './checkout.ts';
import type { SimContext } from './context.ts';
import { StripeError } from './http.ts';
import type { BillingResources } from './resources-billing.ts';
import type { SubscriptionsEngine } from './subscriptions-engine.ts';
import type { Obj } from './state.ts';

// The hosted pages: Checkout (a card form, a promotion code field when allowed), the Billing
// Portal (card, monthly/yearly, cancel at period end or resume, invoices, a return link) and
// invoices (page and "PDF"). Plain HTML forms a person or a browser test can fill.

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>` +
  `<meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}` +
  `label{display:block;margin:.5rem 0}input{display:block;width:100%;padding:.4rem}` +
  `button{margin-top:1rem;padding:.5rem 1rem}.error{color:#b00020}</style></head>` +
  `<body><p role="note"><strong>Test payments</strong>: no real card is charged.</p>` +
  `<main><h1>${esc(title)}</h1>${body}</main></body></html>`;
const cardFields = () =>
  `<label>Card number<input name="cardNumber" autocomplete="cc-number" inputmode="numeric" required></label>` +
  `<label>Expiry (MM / YY)<input name="cardExpiry" autocomplete="cc-exp" placeholder="12 / 34" required></label>` +
  `<label>CVC<input name="cardCvc" autocomplete="cc-csc" inputmode="numeric" required></label>` +
  `<label>Name on card<input name="billingName" autocomplete="cc-name"></label>`;

export function mountPages(
  ctx: SimContext,
  app: Hono,
  checkout: Checkout,
  subs: SubscriptionsEngine,
  billing: BillingResources,
) {
  const { state, get, all } = ctx;
  const base = ctx.basePath;
  const form = async (c: Context) => {
    const body = await c.req.parseBody();
    const s = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
    return s;
  };

  const checkoutPage = (c: Context, id: string, error?: string) => {
    const s = state.objects.get(id) ? checkout.session(id) : null;
    if (!s || s.object !== 'checkout.session')
      return c.html(page('Not found', '<p>No such session.</p>'), 404);
    if (s.status !== 'open')
      return c.html(page('Checkout', `<p>This checkout session is ${esc(s.status)}.</p>`), 410);
    const promo = s.allow_promotion_codes
      ? `<label>Promotion code<input name="promotionCode" autocomplete="off"></label>`
      : '';
    const email = s.customer_email ? `<p>Email: ${esc(s.customer_email)}</p>` : '';
    const lines = `<ul>${checkout
      .summary(s)
      .map((l) => `<li>${esc(l)}</li>`)
      .join('')}</ul>`;
    const cancel = s.cancel_url ? `<p><a href="${esc(s.cancel_url)}">Back</a></p>` : '';
    return c.html(
      page(
        'Subscribe',
        `${lines}${email}${error ? `<p role="alert" class="error">${esc(error)}</p>` : ''}` +
          `<form method="post" action="${base}/checkout/${esc(s.id)}">${cardFields()}${promo}` +
          `<button type="submit">Subscribe</button></form>${cancel}`,
      ),
      error ? 402 : 200,
    );
  };
  app.get('/checkout/:id', (c) => checkoutPage(c, c.req.param('id')));
  app.post('/checkout/:id', async (c) => {
    const s = await form(c);
    try {
      const to = checkout.complete(
        c.req.param('id'),
        {
          number: s('cardNumber'),
          expiry: s('cardExpiry'),
          cvc: s('cardCvc'),
          name: s('billingName'),
        },
        s('promotionCode'),
      );
      return c.redirect(to, 303);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return checkoutPage(c, c.req.param('id'), error.message);
    }
  });

  // Billing portal
  const portalOf = (id: string) => {
    const portal = state.objects.get(id);
    return portal?.object === 'billing_portal.session' ? portal : null;
  };
  const counterpart = (priceLookup: string | null) => {
    if (!priceLookup) return null;
    const other = priceLookup.endsWith('_monthly')
      ? priceLookup.replace(/_monthly$/, '_yearly')
      : priceLookup.replace(/_yearly$/, '_monthly');
    return all('price', (p) => p.lookup_key === other)[0] ?? null;
  };
  const portalPage = (c: Context, portal: Obj, message?: string) => {
    const customer = get(portal.customer as string, 'customer');
    const live = all('subscription', (s) => s.customer === customer.id && s.status !== 'canceled');
    const subsHtml = live
      .map((sub) => {
        const item = subs.items(sub)[0]!;
        const recurring = item.price.recurring as { interval: string };
        const other = counterpart(item.price.lookup_key as string | null);
        const end = new Date(subs.period(sub).end * 1000).toISOString().slice(0, 10);
        const action = (name: string, label: string) =>
          `<form method="post" action="${base}/portal/${esc(portal.id)}/subscriptions/${esc(sub.id)}/${name}"><button type="submit">${label}</button></form>`;
        return (
          `<section><h2>${esc(item.price.nickname)}</h2><p>Status: ${esc(sub.status)} · billed ${esc(recurring.interval)}ly · ` +
          `${sub.cancel_at_period_end ? `ends on ${end}` : `renews on ${end}`}</p>` +
          (other
            ? action(
                'switch',
                `Switch to ${esc((other.recurring as { interval: string }).interval)}ly billing`,
              )
            : '') +
          (sub.cancel_at_period_end
            ? action('resume', 'Resume subscription')
            : action('cancel', 'Cancel at period end')) +
          `</section>`
        );
      })
      .join('');
    const invoicesHtml = all('invoice', (i) => i.customer === customer.id)
      .map(
        (i) =>
          `<li><a href="${esc(i.hosted_invoice_url)}">${esc(i.number)}</a> ${money(i.total as number, String(i.currency))} ${esc(i.status)}</li>`,
      )
      .join('');
    const pm = (customer.invoice_settings as { default_payment_method: string | null })
      .default_payment_method;
    const card = pm ? (get(pm, 'payment_method').card as { brand: string; last4: string }) : null;
    return c.html(
      page(
        'Billing',
        `${message ? `<p role="status">${esc(message)}</p>` : ''}${subsHtml}` +
          `<section><h2>Payment method</h2><p>${card ? `${esc(card.brand)} •••• ${esc(card.last4)}` : 'None'}</p>` +
          `<form method="post" action="${base}/portal/${esc(portal.id)}/card">${cardFields()}<button type="submit">Update card</button></form></section>` +
          `<section><h2>Invoices</h2><ul>${invoicesHtml}</ul></section>` +
          (portal.return_url ? `<p><a href="${esc(portal.return_url)}">Return</a></p>` : ''),
      ),
    );
  };
  app.get('/portal/:id', (c) => {
    const portal = portalOf(c.req.param('id'));
    return portal
      ? portalPage(c, portal)
      : c.html(page('Not found', '<p>No such session.</p>'), 404);
  });
  app.post('/portal/:id/card', async (c) => {
    const portal = portalOf(c.req.param('id'));
    if (!portal) return c.html(page('Not found', '<p>No such session.</p>'), 404);
    const s = await form(c);
    try {
      const customer = get(portal.customer as string, 'customer');
      const pm = checkout.addCard(customer.id, {
        number: s('cardNumber'),
        expiry: s('cardExpiry'),
        cvc: s('cardCvc'),
        name: s('billingName'),
      });
      const previous = { invoice_settings: ctx.clone(customer.invoice_settings) };
      (customer.invoice_settings as Record<string, unknown>).default_payment_method = pm.id;
      ctx.emit('customer.updated', customer, previous);
      for (const sub of all(
        'subscription',
        (x) => x.customer === customer.id && x.status !== 'canceled',
      )) {
        const prev = { default_payment_method: sub.default_payment_method };
        sub.default_payment_method = pm.id;
        ctx.emit('customer.subscription.updated', sub, prev);
      }
      return portalPage(c, portal, 'Card updated.');
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return portalPage(c, portal, error.message);
    }
  });
  app.post('/portal/:id/subscriptions/:sub/:action', (c) => {
    const portal = portalOf(c.req.param('id'));
    if (!portal) return c.html(page('Not found', '<p>No such session.</p>'), 404);
    const sub = get(c.req.param('sub'), 'subscription');
    if (sub.customer !== portal.customer)
      return c.html(page('Not found', '<p>No such subscription.</p>'), 404);
    const action = c.req.param('action');
    const result = billing.portalUpdate(sub, action, counterpart);
    return portalPage(c, portal, result);
  });

  // Invoices
  const invoiceOf = (id: string) => {
    const invoice = state.objects.get(id);
    return invoice?.object === 'invoice' ? invoice : null;
  };
  const invoiceText = (i: Obj) => [
    `Invoice ${String(i.number)}`,
    `Status: ${String(i.status)}`,
    ...(i.lines as { data: { description: string; amount: number }[] }).data.map(
      (l) => `${l.description}: ${money(l.amount, String(i.currency))}`,
    ),
    `Total: ${money(i.total as number, String(i.currency))}`,
    `Amount due: ${money(i.amount_remaining as number, String(i.currency))}`,
  ];
  // The hosted invoice page: the lines, the PDF and, while open, a card form to pay it.
  const invoicePage = (c: Context, i: Obj, message?: string) => {
    const [title, ...rest] = invoiceText(i);
    const pay =
      i.status === 'open'
        ? `<form method="post" action="${base}/invoice/${esc(i.id)}/pay">${cardFields()}<button type="submit">Pay</button></form>`
        : '';
    return c.html(
      page(
        title!,
        `${message ? `<p role="alert" class="error">${esc(message)}</p>` : ''}` +
          `<ul>${rest.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>${pay}` +
          `<p><a href="${esc(i.invoice_pdf)}">Download PDF</a></p>`,
      ),
      message ? 402 : 200,
    );
  };
  app.get('/invoice/:id', (c) => {
    const i = invoiceOf(c.req.param('id'));
    return i ? invoicePage(c, i) : c.html(page('Not found', '<p>No such invoice.</p>'), 404);
  });
  app.post('/invoice/:id/pay', async (c) => {
    const i = invoiceOf(c.req.param('id'));
    if (!i) return c.html(page('Not found', '<p>No such invoice.</p>'), 404);
    if (i.status !== 'open') return invoicePage(c, i);
    const s = await form(c);
    try {
      const pm = checkout.addCard(i.customer as string, {
        number: s('cardNumber'),
        expiry: s('cardExpiry'),
        cvc: s('cardCvc'),
        name: s('billingName'),
      });
      const failure = billing.payInvoice(i, pm.id);
      return failure ? invoicePage(c, i, failure.message) : invoicePage(c, i);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return invoicePage(c, i, error.message);
    }
  });
  app.get('/invoice/:id/pdf', (c) => {
    const i = invoiceOf(c.req.param('id'));
    if (!i) return c.text('Not found', 404);
    return new Response(minimalPdf(invoiceText(i)), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${String(i.number)}.pdf"`,
      },
    });
  });
}

/** A one-page PDF with lines of text (enough for a viewer and for tests to read). */
function minimalPdf(lines: string[]): Uint8Array {
  const text = lines
    .map(
      (l, i) =>
        `BT /F1 12 Tf 72 ${740 - i * 18} Td (${l.replace(/[\\()]/g, (ch) => `\\${ch}`)}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out));
}
