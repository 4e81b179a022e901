import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { SIGNATURE_HEADER, sign } from '../../src/server/webhooks/dispatcher.js';
import { migratedPgliteTemplate } from '../template-databases.js';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local endpoint that records what it receives; `/broken` answers 503, and `failNext` fails the next calls.
 * At `/slow`, with `holding`, the first call is left unanswered until `release` is called.
 */
const startReceiver = async () => {
  const received: Received[] = [];
  const state = { failNext: 0, holding: false, release: undefined as (() => void) | undefined };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      const failing = request.url === '/broken' || state.failNext-- > 0;
      const answer = () => {
        response.writeHead(failing ? (request.url === '/broken' ? 503 : 500) : 200).end(failing ? 'busy' : 'ok');
      };
      if (request.url === '/slow' && state.holding && !state.release) state.release = answer;
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, received, state, close: () => new Promise((resolve) => server.close(resolve)) };
};

describe('webhooks', () => {
  let db: Database;
  let app: FastifyInstance;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    db = await connectDatabase({ template: migratedPgliteTemplate() });
    app = await buildApp({ db });
  });

  beforeEach(async () => {
    await app.webhooks.idle();
    receiver.received.length = 0;
    Object.assign(receiver.state, { failNext: 0, holding: false, release: undefined });
  });

  afterAll(async () => {
    await app.close();
    await db.close();
    await receiver.close();
  });

  const createHook = async (events: string[], retries?: number, path = '/hook') => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/hooks',
      payload: {
        name: 'Audit',
        events,
        config: {
          url: `${receiver.base}${path}`,
          headers: { 'x-team': 'identity' },
          ...(retries === undefined ? {} : { retries }),
        },
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; signingKey: string };
  };

  it('calls subscribed hooks with a signed payload and records the request', async () => {
    const hook = await createHook(['Role.Created']);
    const role = (
      await app.inject({ method: 'POST', url: '/api/roles', payload: { name: 'Editors', description: 'Edit things' } })
    ).json();
    await app.webhooks.idle();

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const payload = JSON.parse(delivery?.body ?? '{}');
    expect(payload).toMatchObject({ hookId: hook.id, event: 'Role.Created', data: { id: role.id, name: 'Editors' } });
    expect(delivery?.headers[SIGNATURE_HEADER]).toBe(sign(hook.signingKey, delivery?.body ?? ''));
    expect(delivery?.headers['x-team']).toBe('identity');

    const logs = await app.inject({ method: 'GET', url: `/api/hooks/${hook.id}/recent-logs?page=1&page_size=20` });
    expect(logs.statusCode).toBe(200);
    expect(logs.headers['total-number']).toBe('1');
    expect(logs.json()[0]).toMatchObject({
      key: 'TriggerHook.Role.Created',
      payload: { result: 'Success', response: { statusCode: 200 } },
    });
  });

  it('does not call hooks for events they did not choose, nor disabled hooks', async () => {
    const hook = await createHook(['Scope.Deleted']);
    const other = await createHook(['Role.Deleted']);
    await app.inject({ method: 'PATCH', url: `/api/hooks/${other.id}`, payload: { enabled: false } });
    await app.webhooks.idle();
    const role = (
      await app.inject({ method: 'POST', url: '/api/roles', payload: { name: 'Viewers', description: 'Look' } })
    ).json();
    await app.inject({ method: 'DELETE', url: `/api/roles/${role.id}` });
    await app.webhooks.idle();
    expect(receiver.received.map((r) => JSON.parse(r.body).hookId)).not.toContain(hook.id);
    expect(receiver.received.map((r) => JSON.parse(r.body).hookId)).not.toContain(other.id);
  });

  it('does not hold back later deliveries behind a slow answer, and dates each body by its event', async () => {
    await createHook(['Role.Created'], undefined, '/slow');
    receiver.state.holding = true;
    const names = ['One', 'Two', 'Three', 'Four', 'Five'];
    const before = Date.now();
    for (const name of names) {
      await app.inject({ method: 'POST', url: '/api/roles', payload: { name, description: name } });
    }
    // Every delivery arrives while the endpoint still keeps the first one waiting for its answer.
    const slow = () => receiver.received.filter((r) => r.url === '/slow');
    await vi.waitFor(() => expect(slow()).toHaveLength(names.length));
    receiver.state.release?.();
    await app.webhooks.idle();
    const bodies = slow().map((r) => JSON.parse(r.body));
    const times = names.map((name) => Date.parse(bodies.find((body) => body.data.name === name)?.createdAt));
    expect(times[0]).toBeGreaterThanOrEqual(before);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('retries a failing endpoint and records the error when it keeps failing', async () => {
    const hook = await createHook(['Role.Data.Updated'], 1);
    const role = (
      await app.inject({ method: 'POST', url: '/api/roles', payload: { name: 'Auditors', description: 'Read logs' } })
    ).json();
    await app.webhooks.idle();
    receiver.received.length = 0;
    receiver.state.failNext = 2;
    await app.inject({ method: 'PATCH', url: `/api/roles/${role.id}`, payload: { description: 'Read all logs' } });
    await app.webhooks.idle();
    expect(receiver.received).toHaveLength(2);
    const [log] = (await app.inject({ method: 'GET', url: `/api/hooks/${hook.id}/recent-logs` })).json();
    expect(log.payload).toMatchObject({ result: 'Error', attempts: 2, response: { statusCode: 500 } });
  });

  it('sends one signed sample per event to the endpoint being edited (204), or explains the failure (422)', async () => {
    const hook = (
      await app.inject({
        method: 'POST',
        url: '/api/hooks',
        payload: { name: 'Audit', events: ['Role.Created'], config: { url: `${receiver.base}/saved` } },
      })
    ).json();
    const ok = await app.inject({
      method: 'POST',
      url: `/api/hooks/${hook.id}/test`,
      payload: { events: ['Role.Created', 'Role.Deleted'], config: { url: `${receiver.base}/draft` } },
    });
    expect(ok.statusCode).toBe(204);
    expect(receiver.received.map((r) => JSON.parse(r.body).event)).toEqual(['Role.Created', 'Role.Deleted']);
    expect(receiver.received[0]?.headers[SIGNATURE_HEADER]).toBe(
      sign(hook.signingKey, receiver.received[0]?.body ?? ''),
    );

    const failed = await app.inject({
      method: 'POST',
      url: `/api/hooks/${hook.id}/test`,
      payload: { events: ['Role.Created'], config: { url: `${receiver.base}/broken` } },
    });
    // An endpoint that answers with an error: Logto's code with the endpoint's status and body.
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({
      code: 'hook.endpoint_responded_with_error',
      data: { responseStatus: 503, responseBody: 'busy' },
    });

    // One that cannot be reached at all (nothing listens on the discard port).
    const unreachable = await app.inject({
      method: 'POST',
      url: `/api/hooks/${hook.id}/test`,
      payload: { events: ['Role.Created'], config: { url: 'http://127.0.0.1:9/hook' } },
    });
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json()).toMatchObject({ code: 'hook.send_test_payload_failed' });

    const invalid = await app.inject({ method: 'POST', url: `/api/hooks/${hook.id}/test`, payload: { events: [] } });
    expect(invalid.statusCode).toBe(400);
    const logs = await app.inject({ method: 'GET', url: `/api/hooks/${hook.id}/recent-logs` });
    expect(logs.json()).toEqual([]);
  });
});
