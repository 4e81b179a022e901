/**
 * The signing keys page in Chromium against the real server: the tenant's private key listed, rotated behind a
 * confirmation with the algorithm chosen, both keys shown with their statuses, and the previous key deleted; a
 * staged rotation with a grace period shows the next key.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consoleSteps, count, poll, visible } from './console-steps';
import {
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

const { api, dialog, openSection } = consoleSteps(() => ({ server, browser }));
const privateKeys = () => page.getByRole('table', { name: 'Private keys' });
const rows = () => privateKeys().locator('tbody tr.ant-table-row');

describe('signing keys', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('signing-keys');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('rotates the private keys, shows the new and the previous key, and deletes the previous one', async () => {
    await openSection('Signing keys', 'Signing keys');
    await count(rows()).toBe(1);
    const [original] = (await api('/configs/oidc/private-keys')).body as { id: string }[];
    await visible(
      rows()
        .first()
        .getByText(original?.id ?? ''),
    );
    await visible(page.getByRole('table', { name: 'Cookie keys' }).locator('tbody tr.ant-table-row').first());

    await page.getByRole('button', { name: 'Rotate private keys' }).click();
    await visible(page.getByRole('dialog', { name: 'Rotate private keys?' }));
    await dialog().getByRole('radio', { name: 'RSA (RS256)' }).check();
    await screenshot(page, 'rotate-dialog');
    await dialog().getByRole('button', { name: 'Rotate', exact: true }).click();
    await visible(page.getByText('Keys rotated.'));

    await count(rows()).toBe(2);
    const keys = (await api('/configs/oidc/private-keys')).body as {
      id: string;
      status: string;
      signingKeyAlgorithm: string;
    }[];
    expect(keys.map(({ status, signingKeyAlgorithm }) => [status, signingKeyAlgorithm])).toEqual([
      ['Current', 'RSA'],
      ['Previous', 'RSA'],
    ]);
    expect(keys[1]?.id).toBe(original?.id);
    await visible(rows().nth(0).getByText('Current'));
    await visible(rows().nth(1).getByText('Previous'));
    await visible(
      rows()
        .nth(1)
        .getByText(original?.id ?? ''),
    );
    // The current key has no delete button; the previous one has.
    await count(
      rows()
        .nth(0)
        .getByRole('button', { name: /^Delete key/ }),
    ).toBe(0);
    await screenshot(page, 'two-keys');

    await rows()
      .nth(1)
      .getByRole('button', { name: `Delete key ${original?.id}` })
      .click();
    await visible(page.getByRole('dialog', { name: 'Delete the previous key?' }));
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(page.getByText('Key deleted.'));
    await count(rows()).toBe(1);
    await poll(async () =>
      ((await api('/configs/oidc/private-keys')).body as { id: string }[]).map((key) => key.id),
    ).toEqual([keys[0]?.id]);
  });

  test('stages a rotation with a grace period: the new key is listed as Next beside the current one', async () => {
    await openSection('Signing keys', 'Signing keys');
    const before = (await api('/configs/oidc/private-keys')).body as { id: string }[];
    await page.getByRole('button', { name: 'Rotate private keys' }).click();
    await visible(page.getByRole('dialog', { name: 'Rotate private keys?' }));
    await dialog().getByRole('radio', { name: '24 hours' }).check();
    await dialog().getByRole('button', { name: 'Rotate', exact: true }).click();
    await visible(page.getByText('Keys rotated.'));
    await count(rows()).toBe(before.length + 1);
    await visible(rows().nth(0).getByText('Next'));
    await visible(rows().nth(1).getByText('Current'));
    const keys = (await api('/configs/oidc/private-keys')).body as { id: string; status: string }[];
    expect(keys.map(({ status }) => status)).toEqual(['Next', 'Current', ...before.slice(1).map(() => 'Previous')]);
    expect(keys[1]?.id).toBe(before[0]?.id);
    // The next key cannot be deleted before it signs.
    await count(
      rows()
        .nth(0)
        .getByRole('button', { name: /^Delete key/ }),
    ).toBe(0);
    await screenshot(page, 'staged-rotation');
  });
});
