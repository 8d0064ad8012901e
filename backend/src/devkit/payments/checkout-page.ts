import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorStore, StripeObject } from './emulator-store';
import type { BillingEngine, CardDetails } from './billing-engine';
import { parseForm } from './form-encoding';
import { cardOutcome } from './stripe-objects';
import { StripeApiError } from './stripe-errors';

const esc = (s: unknown): string =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** 1999 → "$19.99" (USD), otherwise "19.99 EUR". */
export function money(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f8fa;margin:0;padding:40px}
main{max-width:440px;margin:auto;background:#fff;border-radius:8px;padding:28px;box-shadow:0 2px 8px #0002}
table{width:100%;border-collapse:collapse}td{padding:6px 0}td.n{text-align:right}
tr.total td{border-top:1px solid #ddd;font-weight:600}label{display:block;margin-top:12px;font-size:14px}
input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #ccc;border-radius:4px;font-size:15px}
button{margin-top:18px;width:100%;padding:10px;background:#635bff;color:#fff;border:0;border-radius:4px;font-size:16px}
.error{background:#fde8e8;color:#a61b1b;padding:10px;border-radius:4px;margin-top:12px}.muted{color:#666;font-size:13px}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The checkout page. Its form posts to `<session id>/pay` relative to the page's own address: from
 * `…/checkout/<id>` that is `<id>/pay`, and from the page a declined payment answers (at `…/checkout/<id>/pay`)
 * it is `pay` — so a retry posts to the same place, wherever the emulator is mounted.
 */
async function pageFor(
  store: EmulatorStore,
  session: StripeObject,
  error?: string,
  name = '',
  onPayPath = false,
): Promise<string> {
  const rows: string[] = [];
  for (const li of session._line_items as Array<{ price: StripeObject; quantity: number }>) {
    const product = await store.get('product', li.price.product);
    const per = li.price.recurring
      ? ` / ${li.price.recurring.interval_count > 1 ? `${li.price.recurring.interval_count} ` : ''}${li.price.recurring.interval}`
      : '';
    rows.push(
      `<tr><td>${esc(product?.name ?? li.price.id)} × ${li.quantity}${esc(per)}</td><td class="n">${money(li.price.unit_amount * li.quantity, li.price.currency)}</td></tr>`,
    );
  }
  const trial = session.subscription_data?.trial_period_days;
  const cancel = session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Cancel and go back</a></p>` : '';
  return layout(
    'Checkout',
    `<h1>Pay${session.customer_email ? ` as ${esc(session.customer_email)}` : ''}</h1>
<table>${rows.join('')}<tr class="total"><td>Total${trial ? ` after a ${esc(trial)}-day free trial` : ''}</td><td class="n">${money(session.amount_total, session.currency)}</td></tr></table>
${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
<form method="post" action="${onPayPath ? 'pay' : `${esc(session.id)}/pay`}">
<label>Card number<input name="card_number" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required></label>
<label>Expiry (MM/YY)<input name="exp" autocomplete="cc-exp" placeholder="12/34" required></label>
<label>CVC<input name="cvc" autocomplete="cc-csc" placeholder="123" required></label>
<label>Name on card<input name="name" autocomplete="cc-name" value="${esc(name)}" required></label>
<button type="submit">${trial ? 'Start trial' : 'Pay'}</button></form>
${cancel}<p class="muted">Sparkhouse Stripe emulator — test mode. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 0341 starts a trial whose payments then fail.</p>`,
  );
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** The card form fields checked as Stripe's own form would: number, expiry, CVC, then the outcome. */
function checkCard(form: Record<string, unknown>): { card?: CardDetails; error?: string; status?: number } {
  const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string).trim() : '');
  const outcome = cardOutcome(str('card_number'));
  if (!outcome.ok && outcome.reason === 'invalid_number') return { error: 'Your card number is invalid.', status: 400 };
  const exp = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(str('exp'));
  const month = exp ? Number(exp[1]) : 0;
  const year = exp ? (exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2])) : 0;
  if (!exp || month < 1 || month > 12) return { error: "Your card's expiration date is invalid.", status: 400 };
  const now = new Date();
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { error: "Your card's expiration date is in the past.", status: 400 };
  }
  if (!/^\d{3,4}$/.test(str('cvc'))) return { error: "Your card's security code is invalid.", status: 400 };
  if (!outcome.ok) return { error: 'Your card was declined.', status: 402 };
  const card = { brand: outcome.brand, last4: outcome.last4, expMonth: month, expYear: year, name: str('name') };
  return { card: { ...card, chargesFail: outcome.chargesFail } };
}

/** GET /checkout/:id and POST /checkout/:id/pay. Answers false when the path is not one of them. */
export async function handleCheckoutPage(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  readBody: () => Promise<string>,
  deps: { store: EmulatorStore; engine: BillingEngine },
): Promise<boolean> {
  const m = /^\/checkout\/(cs_test_[A-Za-z0-9]+)(\/pay)?$/.exec(path);
  if (!m || (m[2] ? req.method !== 'POST' : req.method !== 'GET')) return false;
  const session = await deps.store.get('checkout_session', m[1]);
  if (!session) {
    send(res, 404, layout('Not found', '<h1>Checkout session not found</h1>'));
    return true;
  }
  if (session.status !== 'open') {
    send(
      res,
      m[2] ? 409 : 200,
      layout('Already paid', '<h1>This checkout session is already complete.</h1><p>It can be paid only once.</p>'),
    );
    return true;
  }
  if (!m[2]) {
    send(res, 200, await pageFor(deps.store, session));
    return true;
  }
  const form = parseForm(await readBody());
  const { card, error, status } = checkCard(form);
  if (!card) {
    const name = typeof form.name === 'string' ? form.name : '';
    send(res, status ?? 400, await pageFor(deps.store, session, error, name, true));
    return true;
  }
  try {
    const done = await deps.engine.completeCheckout(session.id, card);
    res.writeHead(303, { location: String(done.success_url).replace(/\{CHECKOUT_SESSION_ID\}/g, done.id) });
    res.end();
  } catch (err) {
    if (!(err instanceof StripeApiError)) throw err;
    if (err.code === 'card_declined') send(res, 402, await pageFor(deps.store, session, err.message, card.name, true));
    else send(res, 409, layout('Already paid', `<h1>${esc(err.message)}</h1>`));
  }
  return true;
}
