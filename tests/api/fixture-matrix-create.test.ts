import { describe, expect, it } from 'vitest';
import {
  collectionUrl,
  expectLinked,
  expectRefused,
  matrixForms,
  modelOf,
  readable,
  rows,
  withReferences,
} from './fixture-matrix.js';
import { databases, useApi } from './harness.js';

/** Every create form's fixtures through `POST` at the collection: stored as sent, or refused as expected. */
describe.each(databases())('create fixtures on $name', (target) => {
  const api = useApi(target);

  describe.each(matrixForms('create').map((form) => [form.entity, form] as const))('%s', (entity, form) => {
    const model = modelOf(entity);
    const { valid, invalid } = rows(form);

    it.each(valid)('creates %s and stores it as sent', async (_name, fixture) => {
      const url = await collectionUrl(api, entity);
      const body = await withReferences(api, entity, fixture.body);
      const before = await api.count(model.table);
      const reply = await api.post(url, body);
      expect(reply.status, `${fixture.file}: ${JSON.stringify(reply.body)}`).toBe(model.operations.create?.status);
      expect(reply.body, fixture.file).toMatchObject(readable(entity, body) as object);
      expect(await api.count(model.table)).toBe(before + 1);
      const itemUrl = `${url}/${encodeURIComponent(String(reply.body[model.idField]))}`;
      if (model.operations.get) {
        expect((await api.get(itemUrl)).body, fixture.file).toMatchObject(readable(entity, body) as object);
      }
      await expectLinked(api, entity, itemUrl, body, fixture.file);
    });

    it.each(invalid)('refuses %s with 400 and writes nothing', async (_name, fixture) => {
      const url = await collectionUrl(api, entity);
      const before = await api.count(model.table);
      expectRefused(fixture, await api.post(url, fixture.body));
      expect(await api.count(model.table)).toBe(before);
    });
  });
});
