// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../src/console/i18n';
import type { CloudTenant } from '../../../src/console/tenancy/lazy/cloud-api';
import { stubMatchMedia } from './match-media';

const standing = { activeUsers: 0, invoices: [] as CloudTenant['openInvoices'] };
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
  usage: { activeUsers: standing.activeUsers, tokenUsage: 10 },
  quota: { mauLimit: tag === 'production' ? 50000 : 100, tokenLimit: 500000 },
  openInvoices: standing.invoices,
});
const listed = vi.hoisted(() => ({
  tenants: [] as CloudTenant[],
  read: undefined as Promise<unknown> | undefined,
}));

vi.mock('../../../src/console/tenancy/lazy/cloud-api', () => ({
  cloudApi: {
    tenants: () => {
      listed.read = Promise.resolve(listed.tenants);
      return listed.read;
    },
  },
}));
vi.mock('../../../src/console/tenancy/shell', () => ({
  tenancyShell: {
    currentTenantId: () => 'cur001',
    tenantConsoleHref: (id: string) => `/console/${id}`,
    regions: () => ['EU'],
    accountApi: () => ({ getMe: async () => ({ customData: {} }), updateCustomData: async () => undefined }),
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
    standing.activeUsers = 50000;
    standing.invoices = [{ id: 'in_1', amountDue: 2400, currency: 'usd' }];
    await renderGate([tenant('cur001', 'production')]);
    expect(await screen.findByText('Payment overdue')).toBeTruthy();
    expect(screen.getByText(/Tenant cur001 has unpaid bills of \$24\.00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    cleanup();

    standing.invoices = [];
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
    standing.activeUsers = 0;
  });

  it('tells a development tenant nothing, whatever its usage', async () => {
    standing.activeUsers = 100000;
    await renderGate([tenant('cur001', 'development')]);
    expect(await screen.findByText('Tenant page')).toBeTruthy();
    await act(async () => {
      await listed.read;
    });
    expect(screen.queryByText('Monthly active users at the limit')).toBeNull();
    standing.activeUsers = 0;
  });

  it('tags each tenant in the switcher with its standing, the most pressing first', async () => {
    const overdue = {
      ...tenant('cur001', 'production'),
      openInvoices: [{ id: 'in_1', amountDue: 100, currency: 'usd' }],
    };
    const suspended = { ...tenant('sus001', 'production', true), openInvoices: overdue.openInvoices };
    const busy = { ...tenant('dev001', 'development'), usage: { activeUsers: 100, tokenUsage: 0 } };
    const tokens = { ...tenant('tok001', 'production'), usage: { activeUsers: 0, tokenUsage: 500000 } };
    const paid = { ...tokens, id: 'pro001', name: 'Tenant pro001', planId: 'pro-202411' as const };
    listed.tenants = [overdue, suspended, busy, tokens, paid, tenant('fine01', 'production')];
    vi.resetModules();
    const { TenantSwitcher } = await import('../../../src/console/tenancy/lazy/TenantSwitcher');
    render(<TenantSwitcher />);
    fireEvent.click(await screen.findByRole('button', { name: /Tenant cur001/ }));
    const tagsOf = async (name: string) =>
      [...(await screen.findByRole('link', { name: new RegExp(`^${name}`) })).querySelectorAll('.ant-tag')].map(
        (tag) => tag.textContent,
      );
    expect(await tagsOf('Tenant cur001')).toEqual(['Production', 'Free', 'Overdue']);
    expect(await tagsOf('Tenant sus001')).toEqual(['Production', 'Free', 'Suspended']);
    expect(await tagsOf('Tenant dev001')).toEqual(['Development', 'MAU limit reached']);
    expect(await tagsOf('Tenant tok001')).toEqual(['Production', 'Free', 'Token limit reached']);
    expect(await tagsOf('Tenant pro001')).toEqual(['Production', 'Pro']);
    expect(await tagsOf('Tenant fine01')).toEqual(['Production', 'Free']);
  });
});
