import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local server speaking Stripe's API as the product uses it: Checkout Sessions (`POST /v1/checkout/sessions`, form
 * encoded, bearer secret key), a hosted payment page (`/pay/{id}`, whose "Pay" button completes the purchase) and
 * Billing Portal sessions. Paying creates the customer, the subscription and a paid invoice, and sends Stripe's
 * events for them (`checkout.session.completed`, `customer.subscription.created`, `invoice.paid`) to the webhook URL,
 * signed as Stripe signs them (`Stripe-Signature`, HMAC-SHA256 with the webhook secret), before it sends the browser
 * to the session's success URL.
 */

export interface StripeTestServer {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are sent (the product's webhook route), set once the product's server is running. */
  webhookUrl: string;
  sessions: Map<string, Record<string, unknown>>;
  /** Completes a session as the payment page's button does; answers the success URL. */
  pay: (sessionId: string) => Promise<string>;
  /** Sends an event with Stripe's signature made with `secret` (the webhook secret unless another is given). */
  send: (type: string, object: Record<string, unknown>, secret?: string) => Promise<Response>;
  close: () => Promise<unknown>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** Stripe's form encoding (`line_items[0][price_data][unit_amount]=2400`) as nested objects. */
const parseForm = (text: string) => {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replaceAll(']', '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
};

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => resolve(raw));
  });

export const startStripeServer = async (): Promise<StripeTestServer> => {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const sessions = new Map<string, Record<string, unknown>>();
  const state = { webhookUrl: '' };

  const send = async (type: string, object: Record<string, unknown>, secret = webhookSecret) => {
    const payload = JSON.stringify({ id: id('evt'), object: 'event', type, data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  };

  const pay = async (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const customer = (session.customer as string | null) ?? id('cus');
    const subscription = id('sub');
    const lineItem = (session.line_items as Record<string, Record<string, Record<string, string>>>)['0'];
    const amount = Number(lineItem?.price_data?.unit_amount ?? 0);
    const metadata = (session.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {};
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription });
    const now = Math.floor(Date.now() / 1000);
    for (const [type, object] of [
      ['checkout.session.completed', session],
      [
        'customer.subscription.created',
        { id: subscription, object: 'subscription', customer, status: 'active', metadata },
      ],
      [
        'invoice.paid',
        {
          id: id('in'),
          object: 'invoice',
          customer,
          status: 'paid',
          amount_due: amount,
          amount_paid: amount,
          currency: 'usd',
          period_start: now,
          period_end: now + 30 * 86_400,
          hosted_invoice_url: `${server.url}/invoices/${id('inv')}`,
          metadata,
        },
      ],
    ] as const) {
      const answer = await send(type, object as Record<string, unknown>);
      if (!answer.ok) throw new Error(`${type} was refused: ${answer.status} ${await answer.text()}`);
    }
    return String(session.success_url);
  };

  const http = createServer(async (request, response) => {
    const raw = await read(request);
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(request.url ?? '/', server.url);
    if (url.pathname.startsWith('/v1/') && request.headers.authorization !== `Bearer ${secretKey}`) {
      return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        status: 'open',
        customer: null,
        ...parseForm(raw),
        url: `${server.url}/pay/${sessionId}`,
      };
      sessions.set(session.id, session);
      return json(200, session);
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const { customer, return_url } = parseForm(raw);
      return json(200, {
        id: id('bps'),
        object: 'billing_portal.session',
        customer,
        return_url,
        url: `${server.url}/portal`,
      });
    }
    const paying = /^\/pay\/([\w-]+)$/.exec(url.pathname)?.[1];
    if (paying && request.method === 'GET' && sessions.has(paying)) {
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><title>Checkout</title><form method="post"><button>Pay</button></form>`);
    }
    if (paying && request.method === 'POST') {
      const success = await pay(paying).catch((error: Error) => error);
      if (success instanceof Error) return response.writeHead(500).end(success.message);
      return response.writeHead(303, { location: success }).end();
    }
    return json(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const server = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    secretKey,
    webhookSecret,
    sessions,
    pay,
    send,
    get webhookUrl() {
      return state.webhookUrl;
    },
    set webhookUrl(value: string) {
      state.webhookUrl = value;
    },
    close: () => new Promise((resolve) => http.close(resolve)),
  };
  return server;
};
