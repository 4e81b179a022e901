/**
 * Organization invitations end to end, on one server: an invitation sent from an organization's members tab with a
 * user-type role (machine-to-machine roles are not offered) shows as Pending; accepted through the API, the user
 * appears as a member with that role (whose role picker offers user roles only) and the invitation as Accepted;
 * another one revoked in the console shows as Revoked; the invite dialog's expiry starts a week ahead.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPage } from './accessibility';
import { count, poll, visible } from './console-steps';
import {
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
} from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;
let organizationId = '';

/** The management API with the signed-in administrator's token. */
const api = async (path: string, init?: { method: string; body?: unknown }) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: init?.method ?? 'GET',
    headers: { ...(await authHeaders(browser)), ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    body: init?.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  const json = text.startsWith('{') || text.startsWith('[');
  // biome-ignore lint/suspicious/noExplicitAny: API answers are whatever JSON the server sent
  const body: any = json ? JSON.parse(text) : text;
  return { status: response.status, body };
};

const dialog = () => page.getByRole('dialog').last();
const openOptions = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
const invitations = () => page.getByRole('table', { name: 'Invitations' });
const members = () => page.getByRole('table', { name: 'Members' });
const nextYear = new Date().getFullYear() + 1;
const DAY = 24 * 60 * 60 * 1000;
/** A moment's day as the date picker shows it (`2025-06-30`), in the local time zone (the browser's). */
const localDay = (time: number) => {
  const date = new Date(time);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

describe('organization invitations', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('organization-invitations');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await api('/organization-roles', { method: 'POST', body: { name: 'Editor', type: 'User' } });
    await api('/organization-roles', { method: 'POST', body: { name: 'Viewer', type: 'User' } });
    await api('/organization-roles', { method: 'POST', body: { name: 'Robot', type: 'MachineToMachine' } });
    const { body: organization } = await api('/organizations', { method: 'POST', body: { name: 'Acme' } });
    organizationId = String(organization.id);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('invites by email with a user role and lists the invitation as Pending', async () => {
    await page.goto(`${server.origin}/console/organizations/${organizationId}/members`);
    await visible(page.getByText('No invitations yet.'));
    await page.getByRole('button', { name: 'Invite member' }).first().click();
    await dialog().getByLabel('Email address').fill('jane@example.com');
    await dialog().getByRole('combobox', { name: 'Organization roles' }).click();
    await visible(openOptions().filter({ hasText: 'Editor' }));
    // Invitees are people: machine-to-machine roles are not offered.
    await count(openOptions().filter({ hasText: 'Robot' })).toBe(0);
    await openOptions().filter({ hasText: 'Editor' }).click();
    await dialog().getByLabel('Expires').click();
    await dialog().getByLabel('Expires').fill(`${nextYear}-06-30`);
    await dialog().getByLabel('Expires').press('Enter');
    await screenshot(page, 'invite');
    await dialog().getByRole('button', { name: 'Invite member' }).click();
    await count(page.getByRole('dialog')).toBe(0);

    const row = invitations().getByRole('row', { name: /jane@example\.com/ });
    await visible(row.getByText('Pending', { exact: true }));
    const { body: listed } = await api(`/organization-invitations?organizationId=${organizationId}`);
    expect(listed).toMatchObject([
      { invitee: 'jane@example.com', status: 'Pending', organizationRoles: [{ name: 'Editor' }] },
    ]);
    expect(new Date(listed[0].expiresAt).getFullYear()).toBe(nextYear);
    expect(await checkPage(page, 'organization invitations')).toEqual([]);
  });

  test('an invitation accepted through the API makes the user a member with the invited role', async () => {
    const { body: user } = await api('/users', {
      method: 'POST',
      body: { username: 'jane_doe', name: 'Jane Doe', primaryEmail: 'jane@example.com' },
    });
    const { body: listed } = await api(`/organization-invitations?organizationId=${organizationId}`);
    const accepted = await api(`/organization-invitations/${listed[0].id}/status`, {
      method: 'PUT',
      body: { status: 'Accepted', acceptedUserId: user.id },
    });
    expect(accepted.status).toBe(200);

    await page.reload();
    const member = members().getByRole('row', { name: /Jane Doe/ });
    await visible(member.getByText('Editor', { exact: true }));
    const row = invitations().getByRole('row', { name: /jane@example\.com/ });
    await visible(row.getByText('Accepted', { exact: true }));
    // Only pending invitations can be revoked.
    await count(row.getByRole('button', { name: /Revoke/ })).toBe(0);

    // The member's role picker offers the other user role, not the machine-to-machine one.
    await member.getByRole('button', { name: 'Add Organization roles to Jane Doe' }).click();
    await dialog().getByRole('combobox', { name: 'Add Organization roles to Jane Doe' }).click();
    await visible(openOptions().filter({ hasText: 'Viewer' }));
    await count(openOptions().filter({ hasText: 'Robot' })).toBe(0);
    // Clicking the dialog's title closes the list of roles.
    await dialog().getByText('Add Organization roles to Jane Doe').first().click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await count(page.getByRole('dialog')).toBe(0);
  });

  test('revokes a pending invitation', async () => {
    const expiresAt = Date.UTC(nextYear, 0, 1);
    const created = await api('/organization-invitations', {
      method: 'POST',
      body: { organizationId, invitee: 'joe@example.com', expiresAt },
    });
    expect(created.status).toBe(201);
    await page.reload();
    const row = invitations().getByRole('row', { name: /joe@example\.com/ });
    await visible(row.getByText('Pending', { exact: true }));
    await row.getByRole('button', { name: 'Revoke joe@example.com' }).click();
    await dialog().getByRole('button', { name: 'Revoke' }).click();
    await visible(row.getByText('Revoked', { exact: true }));
    await screenshot(page, 'revoked', { fullPage: true });
    await poll(async () => (await api(`/organization-invitations/${created.body.id}`)).body.status).toBe('Revoked');
    // The accepted invitation is untouched.
    const jane = invitations().getByRole('row', { name: /jane@example\.com/ });
    await visible(jane.getByText('Accepted', { exact: true }));
  });

  test('the invite dialog starts with an expiry a week ahead, and inviting without touching it succeeds', async () => {
    // The day a week from now, read before and after opening: the dialog may open as a day ends.
    const weekAhead = () => localDay(Date.now() + 7 * DAY);
    const before = weekAhead();
    await page.getByRole('button', { name: 'Invite member' }).first().click();
    const expires = dialog().getByLabel('Expires');
    // The picker loads with the first form that shows a date: a blank input stands in meanwhile.
    await poll(() => expires.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const shown = await expires.inputValue();
    expect([before, weekAhead()]).toContain(shown);
    // The calendar opens on that day's month, the day picked.
    await expires.click();
    const picked = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-selected');
    await poll(() => picked.getAttribute('title')).toBe(shown);
    await dialog().locator('.ant-modal-title').click();
    await dialog().getByLabel('Email address').fill('kim@example.com');
    await dialog().getByRole('button', { name: 'Invite member' }).click();
    await count(page.getByRole('dialog')).toBe(0);

    await visible(
      invitations()
        .getByRole('row', { name: /kim@example\.com/ })
        .getByText('Pending', { exact: true }),
    );
    const { body: listed } = await api(`/organization-invitations?organizationId=${organizationId}`);
    const kim = listed.find((invitation: { invitee: string }) => invitation.invitee === 'kim@example.com');
    // The end of the day shown, in the browser's time zone.
    expect(localDay(kim.expiresAt)).toBe(shown);
    expect(localDay(kim.expiresAt + 1)).not.toBe(shown);
  });
});
