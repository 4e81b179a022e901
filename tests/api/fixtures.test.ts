import { describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import { fixtureEntities, invalidFixtures, validFixtures } from '../fixtures/fixtures.js';
import { databases, type TestApi, useApi } from './harness.js';

const modelOf = (entity: string) => {
  const model = entityModels.find((m) => m.name === entity);
  if (!model) throw new Error(`No entity model ${entity}`);
  return model;
};

/** The create URL of an entity, creating the parent first when it has one. */
const createUrl = async (api: TestApi, entity: string): Promise<string> => {
  const model = modelOf(entity);
  let path = model.apiPath;
  if (model.parent) {
    const parentUrl = await createUrl(api, model.parent.resource);
    const parentBody = validFixtures(model.parent.resource)[0]?.body;
    const parent = await api.create(parentUrl, parentBody);
    path = path.replace(`{${model.parent.param}}`, parent.id);
  }
  return `/api${path}`;
};

/**
 * The body with each field the entity declares as a reference to another entity (an invitation's organization)
 * pointing at an item created for it from that entity's first valid fixture.
 */
const withReferences = async (api: TestApi, entity: string, body: unknown): Promise<unknown> => {
  const references = modelOf(entity).references ?? [];
  if (typeof body !== 'object' || body === null) return body;
  const resolved: Record<string, unknown> = { ...body };
  for (const { field, entity: referred } of references) {
    if (typeof resolved[field] !== 'string') continue;
    const created = await api.create(await createUrl(api, referred), validFixtures(referred)[0]?.body);
    resolved[field] = created.id;
  }
  return resolved;
};

describe.each(databases())('request fixtures on $name', (target) => {
  const api = useApi(target);

  describe.each(fixtureEntities)('%s', (entity) => {
    const model = modelOf(entity);
    const status = model.operations.create?.status;

    it.each(validFixtures(entity).map((f) => [f.name, f] as const))('creates %s', async (_name, fixture) => {
      const url = await createUrl(api, entity);
      const body = await withReferences(api, entity, fixture.body);
      const before = await api.count(model.table);
      const reply = await api.post(url, body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
      // What was sent is what is stored, unchanged.
      expect(reply.body).toMatchObject(body as object);
      expect(await api.count(model.table)).toBe(before + 1);
      const listed = await api.get(url);
      // A list may add per-item summaries (a role's usersCount…); the created item is in it as created.
      expect(listed.body).toContainEqual(expect.objectContaining(reply.body));
    });

    it.each(invalidFixtures(entity).map((f) => [f.name, f] as const))(
      'rejects %s with 400 and changes nothing',
      async (_name, fixture) => {
        const url = await createUrl(api, entity);
        const before = await api.count(model.table);
        const reply = await api.post(url, fixture.body);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ code: 'guard.invalid_input', message: expect.any(String) });
        expect(reply.body.data.issues).toContainEqual(expect.objectContaining(fixture.expect));
        for (const issue of reply.body.data.issues) {
          expect(issue).toEqual({
            path: expect.any(String),
            keyword: expect.any(String),
            message: expect.any(String),
            params: expect.any(Object),
          });
        }
        expect(await api.count(model.table)).toBe(before);
      },
    );
  });
});
