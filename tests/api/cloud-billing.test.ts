/**
 * The cloud's billing through a local server speaking Stripe's API (issue: cloud edition, step 5): a checkout for a
 * tenant, paid on the provider's page, moves the tenant to the plan bought once the provider's signed events arrive,
 * and records the invoice; a checkout may also create the tenant it pays for; an event whose signature does not
 * verify changes nothing.
 */
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../src/generated/api.js';
import type { Database } from '../../src/server/db/database.js';
import { type ConsoleTokens, cloudAccount, cloudSignIn, tenantToken } from './cloud-accounts.js';
import { databases, unique } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';
import { type StripeTestServer, startStripeServer } from './stripe-server.js';

interface Tenant {
  id: string;
  name: string;
  planId: string;
  role: string;
}

describe.each(databases())('cloud billing on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let stripe: StripeTestServer;
  let owner: ConsoleTokens;
  let other: ConsoleTokens;

  const cloudApi = (tokens = owner) =>
    createClient<paths>({
      baseUrl: `${server.origin}/t/admin`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
  const createTenant = async () => {
    const { data } = await cloudApi().POST('/api/tenants', {
      body: { name: unique('T '), tag: 'production' } as never,
    });
    return data as unknown as Tenant;
  };
  const checkout = (body: Record<string, string>, tokens = owner) =>
    cloudApi(tokens).POST('/api/checkout-session', {
      body: {
        skuId: 'pro-202411',
        successCallbackUrl: `${server.origin}/console/checkout-success?state=a1b2c3d4`,
        ...body,
      },
    } as never);
  const planOf = async (id: string) =>
    (await cloudApi().GET('/api/tenants/{id}/subscription', { params: { path: { id } } })).data?.planId;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    stripe = await startStripeServer();
    server = await startServer(db, {
      edition: 'cloud',
      verifier: 'identity',
      billing: { apiUrl: stripe.url, secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
    });
    stripe.webhookUrl = `${server.origin}/t/admin/api/billing/stripe-webhook`;
    owner = await cloudSignIn(server.origin, unique('owner_'), { register: true });
    other = await cloudAccount(server.origin, db, unique('other_'));
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
    await dispose();
  });

  it('upgrades a tenant once its checkout is paid, and lists the invoice', async () => {
    const tenant = await createTenant();
    expect(tenant.planId).toBe('free');
    const started = await checkout({ tenantId: tenant.id });
    expect(started.response.status, JSON.stringify(started.error)).toBe(200);
    const { redirectUri, sessionId } = started.data as unknown as { redirectUri: string; sessionId: string };
    expect(redirectUri.startsWith(`${stripe.url}/pay/`)).toBe(true);
    const session = () => cloudApi().GET('/api/checkout-session/{id}', { params: { path: { id: sessionId } } });
    expect((await session()).data).toMatchObject({ status: 'open', skuId: 'pro-202411' });
    // The provider's session carries ours, and asks for the plan's monthly price.
    const providerId = redirectUri.split('/').pop() as string;
    expect(stripe.sessions.get(providerId)).toMatchObject({ client_reference_id: sessionId, mode: 'subscription' });

    const success = await stripe.pay(providerId);
    expect(success).toContain('/console/checkout-success?state=a1b2c3d4');
    expect((await session()).data).toMatchObject({ status: 'complete', tenantId: tenant.id });
    expect(await planOf(tenant.id)).toBe('pro-202411');
    const invoices = await cloudApi().GET('/api/tenants/{id}/invoices', { params: { path: { id: tenant.id } } });
    expect(invoices.data).toEqual([
      expect.objectContaining({ status: 'paid', amountDue: 2400, amountPaid: 2400, currency: 'usd' }),
    ]);

    // An invoice the provider could not collect stands open in the tenant list until it is paid.
    const listed = async () =>
      ((await cloudApi().GET('/api/tenants')).data ?? []).find((candidate) => candidate.id === tenant.id);
    expect(await listed()).toMatchObject({
      openInvoices: [],
      subscription: { planId: 'pro-202411', status: 'active' },
    });
    const unpaid = { id: 'in_unpaid', object: 'invoice', customer: stripe.sessions.get(providerId)?.customer };
    const failed = { ...unpaid, status: 'open', amount_due: 2400, amount_paid: 0, currency: 'usd' };
    expect((await stripe.send('invoice.payment_failed', failed)).status).toBe(200);
    expect((await listed())?.openInvoices).toEqual([
      expect.objectContaining({ id: 'in_unpaid', amountDue: 2400, currency: 'usd' }),
    ]);
    expect((await stripe.send('invoice.paid', { ...failed, status: 'paid', amount_paid: 2400 })).status).toBe(200);
    expect((await listed())?.openInvoices).toEqual([]);

    // The paid plan has no application limit.
    const token = (await tenantToken(server.origin, owner, tenant.id)).body.access_token as string;
    const tenantApi = createClient<paths>({
      baseUrl: `${server.origin}/t/${tenant.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    for (let i = 0; i < 4; i++) {
      const created = await tenantApi.POST('/api/applications', { body: { name: `App ${i}`, type: 'SPA' } as never });
      expect(created.response.status).toBe(200);
    }
  });

  it('refuses an event whose signature does not verify, and applies one that does', async () => {
    const tenant = await createTenant();
    const { data } = await checkout({ tenantId: tenant.id });
    const providerId = (data as unknown as { redirectUri: string }).redirectUri.split('/').pop() as string;
    await stripe.pay(providerId);
    const subscription = String(stripe.sessions.get(providerId)?.subscription);
    const cancelled = { id: subscription, object: 'subscription', status: 'canceled', metadata: {} };

    const forged = await stripe.send('customer.subscription.deleted', cancelled, 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'subscription.invalid_signature' });
    const unsigned = await fetch(stripe.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_1', type: 'customer.subscription.deleted', data: { object: cancelled } }),
    });
    expect(unsigned.status).toBe(400);
    expect(await planOf(tenant.id)).toBe('pro-202411');

    expect((await stripe.send('customer.subscription.deleted', cancelled)).status).toBe(200);
    expect(await planOf(tenant.id)).toBe('free');
  });

  it('creates the tenant a checkout pays for, once however often the completion arrives, the buyer its admin', async () => {
    const name = unique('Paid ');
    const { data } = await checkout({ tenantName: name, tenantTag: 'production', tenantRegionName: 'US' });
    const { redirectUri, sessionId } = data as unknown as { redirectUri: string; sessionId: string };
    // The provider delivers the completion twice at once: one tenant is created.
    const completed = {
      ...stripe.sessions.get(redirectUri.split('/').pop() as string),
      status: 'complete',
      customer: 'cus_twice',
      subscription: 'sub_twice',
    };
    const deliveries = await Promise.all([
      stripe.send('checkout.session.completed', completed),
      stripe.send('checkout.session.completed', completed),
    ]);
    expect(deliveries.map((answer) => answer.status)).toEqual([200, 200]);
    const session = await cloudApi().GET('/api/checkout-session/{id}', { params: { path: { id: sessionId } } });
    const tenantId = (session.data as unknown as { tenantId: string }).tenantId;
    const tenants = (await cloudApi().GET('/api/tenants')).data as unknown as Tenant[];
    expect(tenants.filter((tenant) => tenant.name === name)).toHaveLength(1);
    expect(tenants.find((tenant) => tenant.id === tenantId)).toMatchObject({
      name,
      planId: 'pro-202411',
      role: 'admin',
      regionName: 'US',
    });
  });

  it('sells only paid plans, to the tenant’s managers, and shows a checkout only to its buyer', async () => {
    const tenant = await createTenant();
    expect((await checkout({ tenantId: tenant.id, skuId: 'free' })).response.status).toBe(422);
    expect((await checkout({ tenantId: tenant.id }, other)).response.status).toBe(404);
    const { data } = await checkout({ tenantId: tenant.id });
    const read = await cloudApi(other).GET('/api/checkout-session/{id}', {
      params: { path: { id: (data as unknown as { sessionId: string }).sessionId } },
    });
    expect(read.response.status).toBe(404);
    const bad = await cloudApi().POST('/api/checkout-session', { body: { skuId: 'pro-202411' } as never });
    expect(bad.response.status).toBe(400);
  });
});
