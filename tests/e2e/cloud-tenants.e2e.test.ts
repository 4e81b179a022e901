/**
 * The cloud console's tenants in Chromium (`GATEHOUSE_EDITION=cloud`): a new account goes through the onboarding,
 * which creates its first tenant and takes it into its console; the tenant switcher creates a second and
 * switches between them, each tenant keeping its own data; the root then opens the tenant last used.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type StripeTestServer, startStripeServer } from '../api/stripe-server';
import { visible } from './console-steps';
import {
  admin,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
} from './harness';

const wait = { timeout: 30_000 } as const;

let server: RunningServer;
let stripe: StripeTestServer;
let browser: Browser;
let page: Page;
let memberBrowser: Browser | undefined;
const memberEmail = 'collaborator@example.com';
/** The tenant the member joins. */
let shared = '';
/** The production tenant, on the free plan. */
let production = '';

/** The tenant id of the console page shown. */
const tenantOfPage = () => /^\/console\/([a-z0-9]{6})(?:\/|$)/.exec(new URL(page.url()).pathname)?.[1];

/** Fills the create-tenant dialog and waits for the new tenant's console (another tenant than `from`). */
const createTenant = async (name: string, purpose: 'Development' | 'Production', from?: string) => {
  const dialog = page.getByRole('dialog', { name: 'Create tenant' });
  await dialog.getByLabel('Tenant name').fill(name);
  await dialog.getByRole('radio', { name: new RegExp(`^${purpose}:`) }).check();
  await dialog.getByRole('button', { name: 'Create tenant' }).click();
  if (purpose === 'Production') {
    // A production tenant's plan comes next: Free creates it at once (Pro would go through checkout).
    const plans = page.getByRole('dialog', { name: 'Choose a plan for your production tenant' });
    await visible(plans.getByRole('button', { name: 'Choose Pro' }));
    await plans.getByRole('button', { name: 'Choose Free' }).click();
  }
  await page.waitForURL((url) => {
    const tenant = /^\/console\/([a-z0-9]{6})\/[a-z-]+/.exec(url.pathname)?.[1];
    return tenant !== undefined && tenant !== from;
  }, wait);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor(wait);
};

describe('cloud tenants', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('cloud-tenants');
    stripe = await startStripeServer();
    server = await startServer({
      GATEHOUSE_EDITION: 'cloud',
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    });
    stripe.webhookUrl = `${server.origin}/t/admin/api/billing/stripe-webhook`;
    browser = await launchBrowser({ signInTo: false });
    page = browser.page;
  });
  afterAll(async () => {
    await memberBrowser?.close();
    await browser?.close();
    await server?.stop();
    await stripe?.close();
  });

  test('a new account goes through the onboarding, in light colours, to its first tenant', async () => {
    // The onboarding stays light even where the system asks for dark colours.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${server.origin}/console`);
    await page.waitForURL((to) => to.pathname === '/console/welcome', wait);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Confirm password').fill(admin.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL((to) => to.pathname === '/console/onboarding/create-tenant', wait);
    await visible(page.getByRole('heading', { name: "Welcome! Let's set up your first project" }));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.getByRole('radio', { name: 'A project for a company' }).check();
    await page.getByText('2-49', { exact: true }).click();
    expect(await page.getByRole('radio', { name: '2-49' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'On Gatehouse Cloud' }).check();
    await page.getByLabel('Tenant name').fill('Acme development');
    await screenshot(page, 'onboarding');
    await page.getByRole('button', { name: 'Create tenant and start' }).click();
    await page.waitForURL((url) => /^\/console\/[a-z0-9]{6}\/[a-z-]+/.test(url.pathname), wait);
    await visible(page.getByRole('button', { name: 'Tenant: Acme development' }));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // Done once: the onboarding now sends the account on to the console.
    await page.goto(`${server.origin}/console/onboarding`);
    await page.waitForURL((url) => /^\/console\/[a-z0-9]{6}\//.test(url.pathname), wait);
    await screenshot(page, 'first-tenant');
  });

  test('the switcher creates a second tenant and switches between them, each with its own data', async () => {
    const first = tenantOfPage() as string;
    await page.goto(`${server.origin}/console/${first}/roles`);
    // With no production tenant yet, the console offers to create one.
    await visible(page.getByRole('button', { name: 'Create production tenant' }));
    await page.getByRole('button', { name: 'Create role' }).first().click();
    await page.getByRole('dialog').getByLabel('Role name').fill('Only in the first');
    await page.getByRole('dialog').getByLabel('Description').fill('A role of the first tenant');
    await page.getByRole('dialog').getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/console/${first}/roles/`), wait);
    await visible(page.getByRole('heading', { level: 1, name: 'Only in the first' }));

    await page.getByRole('button', { name: 'Tenant: Acme development' }).click();
    await page.getByRole('menuitem', { name: 'Create tenant' }).click();
    await createTenant('Acme production', 'Production', first);
    const second = tenantOfPage() as string;
    production = second;
    expect(second).not.toBe(first);
    await visible(page.getByRole('button', { name: 'Tenant: Acme production' }));

    await page.goto(`${server.origin}/console/${second}/roles`);
    // The list has loaded (the seeded role of every tenant), without the first tenant's role.
    await visible(page.getByText('Management API access').first());
    expect(await page.getByText('Only in the first').count()).toBe(0);
    await screenshot(page, 'second-tenant-roles');

    await page.getByRole('button', { name: 'Tenant: Acme production' }).click();
    await page.getByRole('menuitem', { name: /Acme development/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/console/${first}`), wait);
    await visible(page.getByRole('button', { name: 'Tenant: Acme development' }));
  });

  test('the root opens the tenant last used', async () => {
    const last = tenantOfPage() as string;
    // The root sends the browser on at once: the navigation is done when it has begun.
    await page.goto(`${server.origin}/console`, { waitUntil: 'commit' });
    await page.waitForURL((url) => url.pathname.startsWith(`/console/${last}/`), wait);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor(wait);
    expect(browser.errors).toEqual([]);
  });

  test('an admin invites a member, who signs up, joins by the invitation and sees only that tenant', async () => {
    shared = tenantOfPage() as string;
    await page.goto(`${server.origin}/console/${shared}/tenant-settings`);
    await page.waitForURL((url) => url.pathname.endsWith('/tenant-settings/settings'), wait);
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Invite members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite members' });
    await dialog.getByLabel('Email addresses').fill(memberEmail);
    await dialog.getByLabel('Email addresses').press('Enter');
    await dialog.getByRole('button', { name: 'Invite members' }).click();
    await visible(page.getByRole('cell', { name: memberEmail }));
    await screenshot(page, 'invited');

    memberBrowser = await launchBrowser({ signInTo: false });
    const member = memberBrowser.page;
    await member.goto(`${server.origin}/console`);
    await member.getByRole('link', { name: 'Create account' }).click();
    await member.getByLabel('Username').fill('collaborator');
    await member.getByLabel('Email (optional)').fill(memberEmail);
    await member.getByLabel('Password', { exact: true }).fill(admin.password);
    await member.getByLabel('Confirm password').fill(admin.password);
    await member.getByRole('button', { name: 'Create account' }).click();
    await member.getByRole('link', { name: 'Join Acme development' }).click();
    await member.waitForURL((url) => url.pathname.startsWith(`/console/${shared}/`), wait);
    await member.getByRole('navigation', { name: 'Main navigation' }).waitFor(wait);
    await member.getByRole('button', { name: 'Tenant: Acme development' }).click();
    await visible(member.getByRole('menuitem', { name: 'Create tenant' }));
    expect(await member.getByRole('menuitem', { name: /Acme production/ }).count()).toBe(0);
    await screenshot(member, 'member-joined');
  });

  test('the domains tab adds a custom domain with the DNS records to set, and removes it', async () => {
    await page.goto(`${server.origin}/console/${shared}/tenant-settings/domains`);
    await page.getByRole('textbox', { name: 'Domain' }).fill('https://bad');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await visible(page.getByText('Enter a host name such as auth.example.com', { exact: false }));
    await page.getByRole('textbox', { name: 'Domain' }).fill('auth.acme.test');
    await page.getByRole('button', { name: 'Add domain' }).click();
    const row = page.getByRole('row', { name: /auth\.acme\.test/ });
    await visible(row.getByText('Pending verification'));
    await row.getByRole('button', { name: 'Expand row' }).click();
    await visible(page.getByText('CNAME', { exact: true }));
    await screenshot(page, 'domains');
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
    await visible(page.getByText('No custom domain yet.'));
  });

  test('a collaborator reads the members but cannot reach the tenant settings', async () => {
    const member = (memberBrowser as Browser).page;
    await member.goto(`${server.origin}/console/${shared}/tenant-settings`);
    await member.waitForURL((url) => url.pathname.endsWith('/tenant-settings/members'), wait);
    await visible(member.getByRole('cell', { name: memberEmail }));
    expect(await member.getByRole('tab', { name: 'Settings' }).count()).toBe(0);
    await member.goto(`${server.origin}/console/${shared}/tenant-settings/settings`);
    await visible(member.getByText('No access to this page'));
    expect(memberBrowser?.errors).toEqual([]);
  });

  test('the free plan stops the fourth application with the quota message; the subscription tab shows the usage', async () => {
    const list = `${server.origin}/console/${production}/applications`;
    const create = async (name: string) => {
      await page.getByRole('button', { name: 'Create application' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Application name').fill(name);
      await dialog.getByRole('radio', { name: /Single page app/ }).check();
      await dialog.getByRole('button', { name: 'Create application' }).click();
    };
    for (const name of ['Shop', 'Blog', 'Docs']) {
      await page.goto(list);
      await create(name);
      await page.waitForURL((url) => /\/applications\/[^/]+\/settings$/.test(url.pathname), wait);
    }
    await page.goto(list);
    await create('Forum');
    await visible(
      page.getByText('You have reached the limit of your plan: it allows 3 of these and the tenant has 3.'),
    );
    await screenshot(page, 'quota-reached');
    await page.keyboard.press('Escape');
    await page.goto(list);
    await visible(page.getByRole('cell', { name: 'Docs' }).first());
    expect(await page.getByRole('cell', { name: 'Forum' }).count()).toBe(0);

    await page.goto(`${server.origin}/console/${production}/tenant-settings/subscription`);
    await visible(page.getByRole('region', { name: 'Monthly active users' }));
    await visible(page.getByRole('region', { name: 'Tokens issued' }));
    await visible(page.getByText('$0.00 per month'));
    await screenshot(page, 'subscription');
    expect(browser.errors).toEqual([]);
  });

  test('checkout at the payment provider upgrades the plan, and the billing history lists the invoice', async () => {
    await page.goto(`${server.origin}/console/${production}/tenant-settings/subscription`);
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`), wait);
    await page.getByRole('button', { name: 'Pay' }).click();
    // Back on the console, the purchase is confirmed and the tenant's subscription opens on the new plan.
    await page.waitForURL((url) => url.pathname === `/console/${production}/tenant-settings/subscription`, wait);
    await visible(page.getByText('$24.00 per month'));
    await visible(page.getByRole('button', { name: 'Manage payment' }));
    await screenshot(page, 'upgraded');

    await page.getByRole('tab', { name: 'Billing history' }).click();
    await visible(page.getByRole('cell', { name: '$24.00' }));
    await visible(page.getByRole('cell', { name: 'Paid' }));
    await screenshot(page, 'billing-history');
    expect(browser.errors).toEqual([]);
  });
});
