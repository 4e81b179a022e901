import { describe, expect, it } from 'vitest';
import {
  badQueryValues,
  badValues,
  fieldPaths,
  prng,
  type Route,
  resolve,
  routes,
  validValue,
  withValue,
} from './fuzz/cases.js';
import { databases, type TestApi, tables, useApi } from './harness.js';

/**
 * Bad input for every list and write route of the OpenAPI document (bodies from their schemas, query parameters
 * from their descriptions), seeded so each run sends the same cases. No answer may be a 5xx, and a refused request
 * must leave every table as it was.
 */
const SEED = 20_261_123;
const MIN_CASES = 2000;
const VALUES_PER_FIELD = 11;

// Webhook deliveries of accepted writes land in hook_logs in the background; they are not the request's doing.
const watched = tables.filter((table) => table !== 'hook_logs');

/**
 * A change detector cheaper than reading every table after every case: row triggers on the watched tables count the
 * rows inserted, deleted or updated to different values (TRUNCATE counts too) in a table of their own. The count
 * is written in the request's transaction, so a write that was rolled back does not count, as it changed nothing.
 * The function runs as its owner: requests write as the tenant role, which may not touch the counter.
 */
const writeCounterSql = `
CREATE TABLE fuzz_row_writes (n bigint NOT NULL);
INSERT INTO fuzz_row_writes VALUES (0);
CREATE FUNCTION fuzz_count_row_write() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE fuzz_row_writes SET n = n + 1;
  RETURN NULL;
END $$;
${watched
  .map(
    (t) => `CREATE TRIGGER fuzz_row_written AFTER INSERT OR DELETE ON "${t}"
  FOR EACH ROW EXECUTE FUNCTION fuzz_count_row_write();
CREATE TRIGGER fuzz_row_changed AFTER UPDATE ON "${t}"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fuzz_count_row_write();
CREATE TRIGGER fuzz_truncated AFTER TRUNCATE ON "${t}" FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_row_write();`,
  )
  .join('\n')}`;

interface Case {
  method: Route['method'];
  url: string;
  /** A JSON value, or raw text sent as JSON. */
  body?: unknown;
  raw?: string;
  contentType?: string;
  /** The media types its route documents for a successful answer (refusals are JSON). */
  answers?: string[];
}

const fixtures = async (api: TestApi) => {
  const resource = await api.create('/api/resources', { name: 'Orders', indicator: 'https://orders.example.com' });
  const scope = await api.create(`/api/resources/${resource.id}/scopes`, { name: 'read:orders' });
  const role = await api.create('/api/roles', { name: 'Robot', description: 'r', type: 'MachineToMachine' });
  const application = await api.create('/api/applications', { name: 'Job', type: 'MachineToMachine' });
  await api.create(`/api/applications/${application.id}/secrets`, { name: 'fuzz-secret' });
  const hook = await api.create('/api/hooks', {
    name: 'Hook',
    events: ['Role.Created'],
    config: { url: 'http://127.0.0.1:9/hook' },
    enabled: false,
  });
  // The item each collection's path parameter names.
  const items: Record<string, string> = {
    applications: application.id,
    secrets: 'fuzz-secret',
    hooks: hook.id,
    resources: resource.id,
    scopes: scope.id,
    roles: role.id,
  };
  return (path: string) =>
    path.replace(/\/([^/{}]+)\/\{\w+\}/g, (_match, collection: string) => `/${collection}/${items[collection]}`);
};

const buildCases = (concrete: (path: string) => string): Case[] => {
  const random = prng(SEED);
  const cases: Case[] = [];
  for (const route of routes()) {
    const url = concrete(route.path);
    const first = cases.length;
    const tag = () => {
      for (const item of cases.slice(first)) item.answers = route.answers;
    };
    if (route.method === 'GET') {
      for (const param of route.queryParams) {
        for (const value of badQueryValues) cases.push({ method: 'GET', url: `${url}?${param}=${value}` });
        cases.push({ method: 'GET', url: `${url}?${param}=a&${param}=b&${param}=` });
      }
      for (let i = 0; i < 15; i++) {
        const query = random
          .sample(route.queryParams, 3)
          .map((param) => `${param}=${random.pick(badQueryValues)}`)
          .join('&');
        cases.push({ method: 'GET', url: `${url}?${query}` });
      }
      tag();
      continue;
    }
    const schema = route.body ? resolve(route.body) : { type: 'object', properties: {} };
    const base = validValue(schema);
    for (const path of fieldPaths(schema)) {
      for (const value of random.sample(badValues, VALUES_PER_FIELD)) {
        cases.push({ method: route.method, url, body: withValue(base, path, value) });
      }
    }
    for (const value of badValues) cases.push({ method: route.method, url, body: value });
    cases.push({ method: route.method, url, body: { ...base, unknownField: 1 } });
    for (const raw of ['{', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', '', '[1,]', '\u0000']) {
      cases.push({ method: route.method, url, raw });
    }
    cases.push({ method: route.method, url, raw: JSON.stringify(base), contentType: 'text/plain' });
    const paths = fieldPaths(schema);
    for (let i = 0; i < 10 && paths.length > 0; i++) {
      let body = base;
      for (const path of random.sample(paths, 3)) body = withValue(body, path, random.pick(badValues));
      cases.push({ method: route.method, url, body });
    }
    tag();
  }
  return cases;
};

/** A refusal is JSON; a successful answer is of a media type its route documents (JSON where it documents none). */
const answeredAsDocumented = (item: Case, response: { statusCode: number; headers: Record<string, unknown> }) => {
  const type = String(response.headers['content-type'] ?? '');
  const expected = response.statusCode >= 400 || !item.answers?.length ? ['application/json'] : item.answers;
  return expected.some((documented) => type.startsWith(documented));
};

describe.each(databases())('schema-driven fuzzing on $name', (target) => {
  const api = useApi(target);
  // Audit log entries are written after the response: each count waits for them, so an entry a refused request
  // left would count as a change.
  const state = async () => {
    await api.app.auditLog.flush();
    return (await api.db.query<{ n: number }>('SELECT n FROM fuzz_row_writes')).rows[0]?.n;
  };

  it(`answers every bad request below 500 and changes nothing when it refuses (${MIN_CASES}+ cases)`, async () => {
    await api.db.exec(writeCounterSql);
    const cases = buildCases(await fixtures(api));
    expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES);
    // The fixtures' writes were counted: the detector sees the app's writes on this database.
    expect(await state()).toBeGreaterThan(0);
    const failures: string[] = [];
    let before = await state();

    for (const item of cases) {
      const payload = item.raw ?? (item.body === undefined ? undefined : JSON.stringify(item.body));
      const response = await api.app.inject({
        method: item.method,
        url: item.url,
        headers: { 'content-type': item.contentType ?? 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      const after = await state();
      const what = `${item.method} ${item.url.slice(0, 120)} ${String(payload).slice(0, 160)}`;
      if (response.statusCode >= 500) failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400 && after !== before)
        failures.push(`${what} → ${response.statusCode} changed rows`);
      else if (response.statusCode !== 204 && !answeredAsDocumented(item, response)) {
        failures.push(`${what} → ${response.statusCode} ${response.headers['content-type']}, not as documented`);
      }
      before = after;
    }
    expect(failures.slice(0, 20)).toEqual([]);
    // Every route of the document is fuzzed; the sign-in experience alone has some hundred fields.
  }, 480_000);
});
