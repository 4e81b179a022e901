/**
 * Webhook deliveries end to end: a local HTTP receiver, a webhook pointing at it, test payloads sent from the
 * unsaved settings (success, an endpoint answering 503, an invalid draft), a real delivery after a role is created
 * in the console and its details page; and the default API set and removed from an API resource's General tab.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { visible } from './console-steps';
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

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: RunningServer;
let browser: Browser;
let page: Page;
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
let hookId = '';

/** Answers 503 on `/unavailable` and `{ "received": true }` everywhere else, recording every request. */
const startReceiver = async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      if (request.url === '/unavailable') {
        response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: true }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

const api = async (path: string, init?: { method: string; body: unknown }) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: init?.method ?? 'GET',
    headers: { ...(await authHeaders(browser)), ...(init ? { 'content-type': 'application/json' } : {}) },
    body: init ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const dialog = () => page.getByRole('dialog').last();
const poll = <T>(observe: () => Promise<T>) => expect.poll(observe, { timeout: 15_000, interval: 100 });
const count = (locator: Locator) => poll(() => locator.count());

const openSection = async (link: string, title: string) => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link }).click();
  await visible(page.getByRole('heading', { level: 1, name: title }));
};

const testCard = () => page.getByRole('region', { name: 'Test' });
const sendTest = () => testCard().getByRole('button', { name: 'Send test payload' }).click();
const detailHeader = () => page.locator('.gh-detail-header');

describe('webhook deliveries and the default API', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('webhooks');
    await startReceiver();
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  test('sends a test payload to the endpoint of the settings', async () => {
    await page.goto(`${server.origin}/console/webhooks`);
    await visible(page.getByRole('heading', { level: 1, name: 'Webhooks' }));
    await page.getByRole('button', { name: 'Create webhook' }).first().click();
    await dialog().getByLabel('Webhook name').fill('Role sync');
    await dialog().getByRole('checkbox', { name: 'Role created', exact: true }).check();
    await dialog().getByLabel('Endpoint URL').fill(`${receiverUrl}/hooks/roles`);
    await dialog().getByLabel('Header name 1').fill('X-Source');
    await dialog().getByLabel('Header value 1').fill('gatehouse-e2e');
    await dialog().getByRole('button', { name: 'Create webhook' }).click();
    await page.waitForURL(/\/console\/webhooks\/[^/]+\/settings$/);
    hookId = decodeURIComponent(page.url().split('/').at(-2) ?? '');

    await sendTest();
    await visible(page.getByText('The endpoint received the test payload of every selected event.'));
    await screenshot(page, 'test-payload-sent', { fullPage: true });

    await poll(async () => received.length).toBe(1);
    const [request] = received;
    expect(request?.path).toBe('/hooks/roles');
    expect(request?.headers['x-source']).toBe('gatehouse-e2e');
    const payload = JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
    expect(payload).toMatchObject({ hookId, event: 'Role.Created' });
    const { body: hook } = await api(`/hooks/${hookId}`);
    const signature = createHmac('sha256', String(hook.signingKey))
      .update(request?.body ?? '')
      .digest('hex');
    expect(request?.headers['logto-signature-sha-256']).toBe(signature);
  });

  test('shows why a test payload to an unsaved endpoint failed', async () => {
    await page.getByLabel('Endpoint URL').fill(`${receiverUrl}/unavailable`);
    await sendTest();
    const failure = testCard().getByRole('alert');
    await visible(failure);
    await poll(() => failure.textContent()).toContain('The test payload was not delivered');
    await poll(() => failure.textContent()).toContain('The endpoint answered HTTP 503');
    await screenshot(page, 'test-payload-failed', { fullPage: true });
    await poll(async () => received.at(-1)?.path).toBe('/unavailable');
    // The draft was tested, not saved.
    expect((await api(`/hooks/${hookId}`)).body.config).toMatchObject({ url: `${receiverUrl}/hooks/roles` });

    // Editing the tested values clears the old result.
    await page.getByLabel('Endpoint URL').fill(`${receiverUrl}/hooks/roles`);
    await count(testCard().getByRole('alert')).toBe(0);

    // An invalid draft (no event selected) shows the problem on the field.
    await page.getByRole('checkbox', { name: 'Role created', exact: true }).uncheck();
    const sent = received.length;
    await sendTest();
    const eventsField = page.locator('.gh-field', {
      has: page.getByRole('checkbox', { name: 'Role created', exact: true }),
    });
    await visible(eventsField.getByRole('alert'));
    await visible(testCard().getByText('Check the highlighted fields, then try again.'));
    await screenshot(page, 'test-payload-invalid', { fullPage: true });
    expect(received.length).toBe(sent);

    await page.getByRole('button', { name: 'Discard' }).click();
    await poll(() => page.getByRole('checkbox', { name: 'Role created', exact: true }).isChecked()).toBe(true);
    await poll(() => page.getByLabel('Endpoint URL').inputValue()).toBe(`${receiverUrl}/hooks/roles`);
  });

  test('lists the delivery of a created role and opens it', async () => {
    await openSection('Roles', 'Roles');
    await page.getByRole('button', { name: 'Create role' }).first().click();
    await dialog().getByLabel('Role name').fill('Support agent');
    await dialog().getByLabel('Description').fill('Answers customer tickets');
    await dialog().getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL(/\/console\/roles\/[^/]+\/permissions$/);

    await openSection('Webhooks', 'Webhooks');
    await page.getByRole('row', { name: /Role sync/ }).click();
    await page.getByRole('tab', { name: 'Recent requests' }).click();
    await page.waitForURL(/\/recent-requests$/);
    const row = page.getByRole('row', { name: /Success/ });
    // The delivery is made off the request path: refresh until it is listed.
    await poll(async () => {
      if ((await row.count()) === 0) await page.getByRole('button', { name: 'Refresh' }).click();
      return row.count();
    }).toBe(1);
    await visible(row.getByRole('cell', { name: /Role created/ }));
    await visible(row.getByRole('cell', { name: '200', exact: true }));
    await visible(row.getByRole('cell', { name: '1', exact: true }));
    await screenshot(page, 'recent-requests');

    const delivery = received.find((request) => request.path === '/hooks/roles' && request.body.includes('Support'));
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      hookId,
      event: 'Role.Created',
      data: { name: 'Support agent' },
    });

    await row.click();
    await page.waitForURL(new RegExp(`/console/webhooks/${hookId}/recent-requests/[^/]+$`));
    const logUrl = page.url();
    const checkDetails = async () => {
      await visible(page.getByRole('heading', { level: 1, name: 'Role created' }));
      await visible(detailHeader().getByText('Success', { exact: true }));
      const request = page.getByRole('region', { name: 'Request payload' });
      await poll(() => request.textContent()).toContain('"event": "Role.Created"');
      await poll(() => request.textContent()).toContain('"name": "Support agent"');
      const response = page.getByRole('region', { name: 'Response', exact: true });
      await visible(response.getByText('200', { exact: true }));
      await poll(() => page.getByRole('region', { name: 'Response body' }).textContent()).toContain('"received": true');
    };
    await checkDetails();
    await screenshot(page, 'request-details', { fullPage: true });

    // Opened directly, the log is found through the list.
    await page.goto(logUrl);
    await checkDetails();
    await page.goto(`${logUrl}-missing`);
    await visible(page.getByText('Page not found'));
    await page.goto(logUrl);
    await page.getByRole('link', { name: 'Back to Role sync' }).click();
    await page.waitForURL(/\/recent-requests$/);
    await visible(page.getByRole('row', { name: /Success/ }));
  });

  test('lists a failed delivery with the endpoint answer after the retries', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Endpoint URL').fill(`${receiverUrl}/unavailable`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Saved', { exact: true }));
    const role = await api('/roles', { method: 'POST', body: { name: 'Auditor', description: 'Reads the logs' } });
    expect(role.status).toBe(200);

    await page.getByRole('tab', { name: 'Recent requests' }).click();
    const row = page.getByRole('row', { name: /Error/ });
    await poll(async () => {
      if ((await row.count()) === 0) await page.getByRole('button', { name: 'Refresh' }).click();
      return row.count();
    }).toBe(1);
    await visible(row.getByRole('cell', { name: '503', exact: true }));
    await visible(row.getByRole('cell', { name: '4', exact: true }));
    await screenshot(page, 'recent-requests-error');

    await row.click();
    await visible(page.getByRole('heading', { level: 1, name: 'Role created' }));
    await visible(detailHeader().getByText('Error', { exact: true }));
    await poll(() => page.getByRole('region', { name: 'Request payload' }).textContent()).toContain(
      '"name": "Auditor"',
    );
    await poll(() => page.getByRole('region', { name: 'Response body' }).locator('pre').textContent()).toBe(
      'Service Unavailable',
    );
    await screenshot(page, 'request-details-error', { fullPage: true });
    expect(
      received.filter((request) => request.path === '/unavailable' && request.body.includes('Auditor')),
    ).toHaveLength(4);
  });

  test('sets an API resource as the default API and removes it', async () => {
    for (const [name, indicator] of [
      ['Billing API', 'https://billing.example.com'],
      ['Shipping API', 'https://shipping.example.com'],
    ]) {
      expect((await api('/resources', { method: 'POST', body: { name, indicator } })).status).toBe(201);
    }
    const openGeneral = async (name: string) => {
      await openSection('API resources', 'API resources');
      await page.getByRole('row', { name: new RegExp(name) }).click();
      await visible(page.getByRole('heading', { level: 1, name }));
      await page.getByRole('tab', { name: 'General' }).click();
      await page.waitForURL(/\/general$/);
    };
    const defaultTag = (name: string) =>
      page.getByRole('row', { name: new RegExp(name) }).getByText('Default API', { exact: true });

    await openGeneral('Billing API');
    await count(detailHeader().getByText('Default API', { exact: true })).toBe(0);
    await page.getByRole('button', { name: 'Set as default API' }).click();
    await visible(page.getByText('“Billing API” is now the default API'));
    await visible(detailHeader().getByText('Default API', { exact: true }));
    await visible(page.getByRole('button', { name: 'Remove default' }));
    await screenshot(page, 'api-resource-default', { fullPage: true });

    await openSection('API resources', 'API resources');
    await visible(defaultTag('Billing API'));
    await count(defaultTag('Shipping API')).toBe(0);
    await screenshot(page, 'api-resources-default-tag');

    // One default at a time: making another API the default moves the tag.
    await openGeneral('Shipping API');
    await page.getByRole('button', { name: 'Set as default API' }).click();
    await visible(detailHeader().getByText('Default API', { exact: true }));
    await openSection('API resources', 'API resources');
    await visible(defaultTag('Shipping API'));
    await count(defaultTag('Billing API')).toBe(0);

    await openGeneral('Shipping API');
    await page.getByRole('button', { name: 'Remove default' }).click();
    await visible(page.getByText('“Shipping API” is no longer the default API'));
    await count(detailHeader().getByText('Default API', { exact: true })).toBe(0);
    expect((await api('/resources')).body).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ isDefault: true })]),
    );
  });

  test('had no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
