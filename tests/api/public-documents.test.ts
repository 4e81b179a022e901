/**
 * What the server answers anyone, through a client typed by Logto's Management API: its health (`/api/status`) and
 * the management API's OpenAPI document at Logto's two addresses, each describing the operations served.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('public documents on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  it('answers the status with 204 and no body', async () => {
    const status = await client.GET('/api/status');
    expect(status.response.status).toBe(204);
    expect(await status.response.text()).toBe('');
  });

  it('serves the management API document at both addresses, naming the operations it serves', async () => {
    const swagger = await client.GET('/api/swagger.json');
    const wellKnown = await client.GET('/api/.well-known/management.openapi.json');
    for (const answer of [swagger, wellKnown]) {
      expect(answer.response.status).toBe(200);
      expect(answer.response.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(wellKnown.data).toEqual(swagger.data);
    const document = swagger.data as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths['/api/one-time-tokens'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(document.paths['/api/configs/id-token'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
  });
});
