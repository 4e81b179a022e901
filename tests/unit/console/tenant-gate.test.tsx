// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../src/console/i18n';
import type { CloudTenant } from '../../../src/console/tenancy/lazy/cloud-api';
import { stubMatchMedia } from './match-media';

const tenant = (id: string, tag: CloudTenant['tag'], isSuspended = false): CloudTenant => ({
  id,
  name: `Tenant ${id}`,
  tag,
  regionName: 'EU',
  indicator: `https://${id}.test/api`,
  isSuspended,
  planId: tag === 'production' ? 'free' : 'dev',
  role: 'admin',
  createdAt: 0,
});
const listed = vi.hoisted(() => ({
  tenants: [] as CloudTenant[],
  read: undefined as Promise<unknown> | undefined,
  activeUsers: 0,
  invoices: [] as { status: string; amountDue: number; currency: string }[],
}));

vi.mock('../../../src/console/tenancy/lazy/cloud-api', () => ({
  cloudApi: {
    tenants: () => {
      listed.read = Promise.resolve(listed.tenants);
      return listed.read;
    },
    usage: async () => ({
      quota: { mauLimit: 50000, tokenLimit: 500000 },
      usage: { mauLimit: listed.activeUsers, tokenLimit: 10 },
    }),
    invoices: async () => listed.invoices,
  },
}));
vi.mock('../../../src/console/tenancy/shell', () => ({
  tenancyShell: {
    currentTenantId: () => 'cur001',
    tenantConsoleHref: (id: string) => `/console/${id}`,
    regions: () => ['EU'],
  },
}));

/** Each case loads the gate anew, so the page load's one read of the tenants is the case's own. */
const renderGate = async (tenants: CloudTenant[]) => {
  listed.tenants = tenants;
  vi.resetModules();
  const { TenantGate } = await import('../../../src/console/tenancy/lazy/TenantGate');
  render(
    <TenantGate>
      <p>Tenant page</p>
    </TenantGate>,
  );
};

describe('the cloud tenant gate', () => {
  beforeAll(stubMatchMedia);
  afterEach(cleanup);

  it('shows a suspended tenant’s page instead of its console', async () => {
    await renderGate([tenant('cur001', 'production', true)]);
    expect(await screen.findByText('This tenant is suspended')).toBeTruthy();
    expect(screen.queryByText('Tenant page')).toBeNull();
  });

  it('offers a production tenant while the account has none, with the purpose preset', async () => {
    await renderGate([tenant('cur001', 'development')]);
    expect(screen.getByText('Tenant page')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Create production tenant' }));
    const production = await screen.findByRole('radio', { name: /^Production:/ });
    expect((production as HTMLInputElement).checked).toBe(true);
  });

  it('shows no banner once a tenant is for production', async () => {
    await renderGate([tenant('cur001', 'development'), tenant('prd001', 'production')]);
    expect(await screen.findByText('Tenant page')).toBeTruthy();
    // Once the tenants have been read and shown, the page stays, without the banner.
    await act(async () => {
      await listed.read;
    });
    expect(screen.queryByRole('button', { name: 'Create production tenant' })).toBeNull();
  });

  it('tells a production tenant’s admin of unpaid bills first, then of the MAU limit, once per session', async () => {
    listed.activeUsers = 50000;
    listed.invoices = [{ status: 'open', amountDue: 2400, currency: 'usd' }];
    await renderGate([tenant('cur001', 'production')]);
    expect(await screen.findByText('Payment overdue')).toBeTruthy();
    expect(screen.getByText(/Tenant cur001 has unpaid bills of \$24\.00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    cleanup();

    listed.invoices = [];
    await renderGate([tenant('cur001', 'production')]);
    expect(await screen.findByText('Monthly active users at the limit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    cleanup();
    // Dismissed, it stays closed for the session.
    await renderGate([tenant('cur001', 'production')]);
    await act(async () => {
      await listed.read;
    });
    expect(screen.queryByText('Monthly active users at the limit')).toBeNull();
    listed.activeUsers = 0;
  });

  it('tells a development tenant nothing, whatever its usage', async () => {
    listed.activeUsers = 100000;
    await renderGate([tenant('cur001', 'development')]);
    expect(await screen.findByText('Tenant page')).toBeTruthy();
    await act(async () => {
      await listed.read;
    });
    expect(screen.queryByText('Monthly active users at the limit')).toBeNull();
    listed.activeUsers = 0;
  });
});
