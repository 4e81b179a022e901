import { describe, expect, it } from 'vitest';
import type { TokenVerifier } from '../../src/server/auth/token-verifier.js';
import { type RequestContext, systemContext } from '../../src/server/crud/context.js';
import type { WriteStage } from '../../src/server/crud/pipeline.js';
import { MemoryAuditSink, type QuotaCheck } from '../../src/server/crud/stages.js';
import { ApiError } from '../../src/server/http/api-error.js';
import { compileShapes } from '../shapes/compile.js';
import { databases, type Method, useApi } from './harness.js';

/**
 * The write path on test-only entities compiled by codegen in a temporary root (tests/shapes/): a locker with a
 * write-only code and a derived `hasCode`, item and collection actions, and a service with actions of its own.
 */
const compiled = compileShapes();
const catalog = async () => (await compiled).catalog;

describe.each(databases())('the write path on test-only entities on $name', (target) => {
  const audit = new MemoryAuditSink();
  const seen: string[] = [];
  const tracer: WriteStage = { name: 'tracer', after: (write) => void seen.push(`${write.kind} ${write.model.name}`) };
  const api = useApi(target, { catalog, app: { audit, writeStages: (defaults) => [...defaults, tracer] } });

  it('accepts a write-only field, stores only its hash and never returns either', async () => {
    const created = await api.post('/api/lockers', { name: 'Gym', code: 'open-sesame' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Gym', hasCode: true, opens: 0 });
    expect(created.body).not.toHaveProperty('code');
    expect(created.body).not.toHaveProperty('codeHash');
    const { rows } = await api.db.query<{ code_hash: string }>('SELECT code_hash FROM lockers WHERE id = $1', [
      created.body.id,
    ]);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('open-sesame');

    const listed = await api.get('/api/lockers');
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, hasCode: true })]);
    expect(JSON.stringify(listed.body)).not.toMatch(/codeHash|open-sesame/);
  });

  it('validates the write-only field like any other and refuses the derived one in bodies', async () => {
    const short = await api.post('/api/lockers', { name: 'Gym', code: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.data.issues).toContainEqual(expect.objectContaining({ path: '/code', keyword: 'minLength' }));
    const derived = await api.post('/api/lockers', { name: 'Gym', hasCode: true });
    expect(derived.status).toBe(400);
    expect(derived.body.data.issues).toContainEqual(expect.objectContaining({ keyword: 'additionalProperties' }));
    expect(await api.count('lockers')).toBe(0);
  });

  it('computes the derived field on every read, after updates too', async () => {
    const created = await api.create('/api/lockers', { name: 'Shed' });
    expect(created.hasCode).toBe(false);
    const coded = await api.patch(`/api/lockers/${created.id}`, { code: 'secret-1' });
    expect(coded.body.hasCode).toBe(true);
    expect((await api.get(`/api/lockers/${created.id}`)).body.hasCode).toBe(true);
  });

  it('runs an item action through the pipeline (validated body, entity answer without private fields)', async () => {
    const locker = await api.create('/api/lockers', { name: 'Gym', code: 'open-sesame' });
    const wrong = await api.post(`/api/lockers/${locker.id}/open`, { code: 'guess' });
    expect(wrong.status).toBe(400);
    const bad = await api.post(`/api/lockers/${locker.id}/open`, {});
    expect(bad.body.data.issues).toContainEqual(expect.objectContaining({ keyword: 'required' }));
    const opened = await api.post(`/api/lockers/${locker.id}/open`, { code: 'open-sesame' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: locker.id, opens: 1, hasCode: true });
    expect(opened.body).not.toHaveProperty('codeHash');
    expect((await api.post('/api/lockers/nope/open', { code: 'open-sesame' })).status).toBe(404);
  });

  it('serves an action whose path has a parameter, with a body and an answer of its own schema', async () => {
    const locker = await api.create('/api/lockers', { name: 'Gym' });
    const labelled = await api.request('PUT', `/api/lockers/${locker.id}/labels/top-shelf`, { text: 'Towels' });
    expect(labelled.status).toBe(200);
    expect(labelled.body).toEqual({ locker: 'Gym', slot: 'top-shelf', text: 'Towels' });
    const bad = await api.request('PUT', `/api/lockers/${locker.id}/labels/top-shelf`, { text: '', extra: 1 });
    expect(bad.status).toBe(400);
    expect((await api.request('PUT', '/api/lockers/nope/labels/top-shelf', { text: 'Towels' })).status).toBe(404);
  });

  it('serves a collection action at /api/<path>/<action> and a service at its own path', async () => {
    await api.create('/api/lockers', { name: 'Gym', code: 'open-sesame' });
    await api.create('/api/lockers', { name: 'Shed' });
    expect((await api.get('/api/locker-stats')).body).toEqual({ total: 2, withCode: 1 });

    const forgot = await api.post('/api/lockers/forget-codes');
    expect(forgot.status).toBe(204);
    expect((await api.get('/api/locker-stats')).body).toEqual({ total: 2, withCode: 0 });

    expect((await api.post('/api/locker-stats/label', { label: 'Q3' })).body).toBe('Q3');
    const empty = await api.post('/api/locker-stats/label', { label: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.data.issues).toContainEqual(expect.objectContaining({ path: '/label', keyword: 'minLength' }));
  });

  it('runs every write through the same ordered stages and audits who did it', async () => {
    audit.entries.length = 0;
    seen.length = 0;
    const locker = await api.create('/api/lockers', { name: 'Gym', code: 'open-sesame' });
    await api.patch(`/api/lockers/${locker.id}`, { name: 'Big gym' });
    await api.post(`/api/lockers/${locker.id}/open`, { code: 'open-sesame' });
    await api.delete(`/api/lockers/${locker.id}`);
    expect(seen).toEqual(['create locker', 'update locker', 'setInternal locker', 'action locker', 'delete locker']);
    // Without a bearer guard the caller is anonymous (loopback development); tokens name users or applications.
    expect(audit.entries.map(({ actor, kind, id }) => ({ actor, kind, id }))).toEqual([
      { actor: 'anonymous', kind: 'create', id: locker.id },
      { actor: 'anonymous', kind: 'update', id: locker.id },
      { actor: 'anonymous', kind: 'setInternal', id: locker.id },
      { actor: 'anonymous', kind: 'action', id: locker.id },
      { actor: 'anonymous', kind: 'delete', id: locker.id },
    ]);
    expect(audit.entries.find((entry) => entry.kind === 'action')?.action).toBe('open');
  });

  it('documents the test-only entities: write-only fields in bodies only, derived ones read-only, typed actions', async () => {
    const { paths, components } = (await api.get('/api/swagger.json')).body;
    const { Locker, LockerCreate, LockerUpdate, LockerStatsReadResponse, LockerStatsLabelBody } = components.schemas;
    expect(Object.keys(Locker.properties)).not.toContain('code');
    expect(Object.keys(Locker.properties)).not.toContain('codeHash');
    expect(Locker.properties.hasCode).toMatchObject({ type: 'boolean', readOnly: true });
    expect(LockerCreate.properties.code).toMatchObject({ type: 'string', writeOnly: true, minLength: 4 });
    expect(LockerUpdate.properties).toHaveProperty('code');
    expect(LockerCreate.properties).not.toHaveProperty('hasCode');
    expect(paths['/api/lockers/{id}/open'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/LockerOpenBody',
    });
    expect(paths['/api/lockers/forget-codes'].post.responses).toHaveProperty('204');
    expect(paths['/api/locker-stats'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/LockerStatsReadResponse',
    });
    expect(LockerStatsReadResponse.required).toEqual(['total', 'withCode']);
    expect(LockerStatsLabelBody.properties.label).toMatchObject({ type: 'string', minLength: 1 });
  });

  it('serves the console user’s own account as declared actions of the me service, at its old paths', async () => {
    const { paths, components } = (await api.get('/api/swagger.json')).body;
    expect(Object.keys(paths['/me'])).toEqual(['get', 'patch']);
    expect(components.schemas.MeUpdateBody).toMatchObject({ minProperties: 1, additionalProperties: false });
    expect(Object.keys(components.schemas.MeUpdateBody.properties)).toEqual([
      'name',
      'avatar',
      'username',
      'primaryEmail',
    ]);
    expect(components.schemas.MeCustomDataResponse.properties).toHaveProperty('adminConsolePreferences');
    // Console accounts live in the admin tenant only.
    expect((await api.get('/me')).status).toBe(404);
  });

  it('refuses a write whose caller lacks the scopes, whatever route it came through (access stage)', async () => {
    const ops = api.app.operationsOf('locker');
    const reader = { ...systemContext('default', 'test'), scopes: ['lockers:read'] };
    await expect(ops.create(reader, { name: 'Gym' })).rejects.toMatchObject({ code: 'auth.forbidden', status: 403 });
    const created = await ops.create(systemContext('default', 'test'), { name: 'Gym' });
    expect(created.name).toBe('Gym');
    expect(await api.count('lockers')).toBe(1);
  });
});

describe.each(databases())('the request context of token callers on $name', (target) => {
  const audit = new MemoryAuditSink();
  const contexts: RequestContext[] = [];
  const recorder: WriteStage = { name: 'recorder', before: (write) => void contexts.push(write.context) };
  // Tokens of the form `<kind>:<id> <scope> <scope>...`: a user's when kind is `user`, an application's otherwise.
  const verifier: TokenVerifier = {
    verify: async (token) => {
      const [who = '', ...scopes] = decodeURIComponent(token).split(' ');
      const [kind, id = ''] = who.split(':');
      return kind === 'user'
        ? { subject: id, clientId: 'console', scopes, issuerTenant: 'admin' }
        : { subject: id, clientId: id, scopes, issuerTenant: 'default' };
    },
  };
  // A plan of at most two lockers, as a cloud edition's quota check would hold it.
  const quota: QuotaCheck = {
    async within(write, tx) {
      if (write.kind !== 'create' || write.model.name !== 'locker') return;
      const { rows } = await tx.query<{ count: string }>('SELECT count(*) AS count FROM lockers');
      if (Number(rows[0]?.count) >= 2) throw new ApiError('request.general');
    },
  };
  const api = useApi(target, {
    catalog,
    app: { audit, verifier, quota, writeStages: (defaults) => [recorder, ...defaults] },
  });
  const as = (token: string, method: Method, url: string, payload?: unknown, language?: string) =>
    api.request(method, url, payload, {
      authorization: `Bearer ${encodeURIComponent(token)}`,
      ...(language ? { 'accept-language': language } : {}),
    });

  it('carries the actor, scopes, edition and locale of the caller into every write', async () => {
    contexts.length = 0;
    audit.entries.length = 0;
    const created = await as('user:u1 lockers:write', 'POST', '/api/lockers', { name: 'Gym' }, 'de-AT, en;q=0.5');
    expect(created.status).toBe(201);
    const opened = await as('app:m2m lockers:write', 'POST', `/api/lockers/${created.body.id}/open`, { code: 'none' });
    expect(opened.status).toBe(400);
    expect(
      contexts.map(({ actor, scopes, edition, locale, tenantId }) => ({ actor, scopes, edition, locale, tenantId })),
    ).toEqual([
      {
        actor: { kind: 'user', id: 'u1' },
        scopes: ['lockers:write'],
        edition: 'oss',
        locale: 'de',
        tenantId: 'default',
      },
      {
        actor: { kind: 'application', id: 'm2m' },
        scopes: ['lockers:write'],
        edition: 'oss',
        locale: 'en',
        tenantId: 'default',
      },
    ]);
    // The refused action committed nothing, so only the creation is audited.
    expect(audit.entries.map((entry) => entry.actor)).toEqual(['user:u1']);
  });

  it('asks the quota stage on every write, inside its transaction', async () => {
    for (const name of ['A', 'B'])
      expect((await as('user:u1 lockers:write', 'POST', '/api/lockers', { name })).status).toBe(201);
    const third = await as('user:u1 lockers:write', 'POST', '/api/lockers', { name: 'C' });
    expect(third.status).toBe(400);
    expect(third.body.code).toBe('request.general');
    expect(await api.count('lockers')).toBe(2);
  });

  it('checks an action’s own scopes: none for the label, the entity’s read scopes for the figures', async () => {
    expect((await as('user:u1', 'POST', '/api/locker-stats/label', { label: 'Q3' })).status).toBe(200);
    expect((await as('user:u1', 'GET', '/api/locker-stats')).status).toBe(403);
    expect((await as('user:u1 lockers:read', 'GET', '/api/locker-stats')).body).toEqual({ total: 0, withCode: 0 });
    expect((await as('user:u1 lockers:read', 'POST', '/api/lockers/forget-codes')).status).toBe(403);
  });
});
