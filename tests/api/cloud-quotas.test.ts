/**
 * The cloud's plans and quotas (issue: cloud edition, step 4): a production tenant starts on the free plan, whose
 * quotas stop a create beyond the limit with Logto's `subscription.limit_exceeded` (the limit, the usage), also when
 * two creates race at the limit; a development tenant's plan leaves them unlimited; the plan, its SKUs and the
 * tenant's usage are read from the cloud API.
 */
import { describe, expect, it } from 'vitest';
import { type TenantApi, usePlanServer } from './cloud-plans.js';
import { databases, unique } from './harness.js';

describe.each(databases())('cloud quotas on $name', (target) => {
  const { cloudApi, tenantApi, createTenant: create, count } = usePlanServer(target);
  const createApp = async (api: TenantApi, type = 'SPA') =>
    api.POST('/api/applications', { body: { name: unique('app '), type } as never });
  const appCount = (tenantId: string) => count('applications', tenantId);

  it('starts production tenants on the free plan and development ones on the development plan', async () => {
    const production = await create('production');
    const development = await create('development');
    expect(production.planId).toBe('free');
    expect(development.planId).toBe('dev');
    const path = { params: { path: { id: production.id } } };
    const subscription = await cloudApi().GET('/api/tenants/{id}/subscription', path);
    expect(subscription.data).toMatchObject({ status: 'active', planId: 'free', isEnterprisePlan: false });
    expect(subscription.data?.quota).toMatchObject({ applicationsLimit: 3, mauLimit: 50_000, mfaEnabled: false });
    const listed = (await cloudApi().GET('/api/tenants')).data?.find((tenant) => tenant.id === production.id);
    expect(listed).toMatchObject({
      usage: { activeUsers: 0, tokenUsage: 0 },
      quota: { mauLimit: 50_000, tokenLimit: 500_000 },
      openInvoices: [],
    });
    const skus = await cloudApi().GET('/api/skus', { params: { query: { type: 'Basic' } } });
    expect(skus.data?.map((sku) => [sku.id, sku.unitPrice])).toEqual([
      ['free', 0],
      ['pro-202411', 2400],
    ]);
  });

  it('stops the fourth application of a free tenant with the quota error, and counts it as used', async () => {
    const tenant = await create('production');
    const api = await tenantApi(tenant.id);
    for (let i = 0; i < 3; i++) expect((await createApp(api)).response.status).toBe(200);
    const fourth = await createApp(api);
    expect(fourth.response.status).toBe(403);
    expect(fourth.error).toMatchObject({
      code: 'subscription.limit_exceeded',
      data: { key: 'applicationsLimit', limit: 3, usage: 3 },
    });
    expect(await appCount(tenant.id)).toBe(3);
    const usage = await cloudApi().GET('/api/tenants/{id}/subscription-usage', { params: { path: { id: tenant.id } } });
    expect(usage.data?.usage).toMatchObject({ applicationsLimit: 3, machineToMachineLimit: 0, tenantMembersLimit: 1 });
    expect(usage.data?.quota.applicationsLimit).toBe(3);
  });

  it('lets exactly one of three creates racing at the limit pass', async () => {
    const tenant = await create('production');
    const api = await tenantApi(tenant.id);
    for (let i = 0; i < 2; i++) expect((await createApp(api)).response.status).toBe(200);
    const raced = await Promise.all([createApp(api), createApp(api), createApp(api)]);
    expect(raced.map((answer) => answer.response.status).sort()).toEqual([200, 403, 403]);
    expect(await appCount(tenant.id)).toBe(3);
  });

  it('limits kinds by their own quota, leaves out what the seed wrote, and lets a development tenant grow', async () => {
    const free = await tenantApi((await create('production')).id);
    expect((await createApp(free, 'MachineToMachine')).response.status).toBe(200);
    const second = await createApp(free, 'MachineToMachine');
    expect(second.error).toMatchObject({ data: { key: 'machineToMachineLimit', limit: 1 } });
    // The tenant's own management API and its role are not counted against the free plan's one of each.
    const resource = await free.POST('/api/resources', {
      body: { name: 'Orders', indicator: 'https://orders.test' } as never,
    });
    expect(resource.response.status).toBe(201);
    const another = await free.POST('/api/resources', {
      body: { name: 'Stock', indicator: 'https://stock.test' } as never,
    });
    expect(another.error).toMatchObject({ code: 'subscription.limit_exceeded', data: { key: 'resourcesLimit' } });
    const m2mRole = await free.POST('/api/roles', {
      body: { name: 'robots', description: 'x', type: 'MachineToMachine' } as never,
    });
    expect(m2mRole.response.status).toBe(200);

    const development = await create('development');
    const dev = await tenantApi(development.id);
    for (let i = 0; i < 5; i++) expect((await createApp(dev)).response.status).toBe(200);
    expect(await appCount(development.id)).toBe(5);
  });
});
