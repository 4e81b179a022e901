import { describe, expect, it } from 'vitest';
import type { QaForm } from '../../src/shared/qa/forms.js';
import {
  collectionUrl,
  createItem,
  expectLinked,
  expectRefused,
  firstFixture,
  modelOf,
  readable,
  rows,
  withReferences,
} from './fixture-matrix.js';
import type { TestApi } from './harness.js';

/** Each create form's fixtures through `POST` at the collection: stored as sent, or refused with nothing written. */
export const createCases = (api: TestApi, forms: QaForm[]) =>
  describe.each(forms.map((form) => [form.entity, form] as const))('%s', (entity, form) => {
    const { valid, invalid } = rows(form);

    it.each(valid)('creates %s and stores it as sent', async (_name, fixture) => {
      const model = modelOf(entity);
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
      const model = modelOf(entity);
      const url = await collectionUrl(api, entity);
      const before = await api.count(model.table);
      expectRefused(fixture, await api.post(url, fixture.body));
      expect(await api.count(model.table)).toBe(before);
    });
  });

/**
 * Where a settings tab reads and saves: a singleton's one record at its path, a fresh item of a collection, or for a
 * tab editing another entity's record, that record of an item made by that entity's create action.
 */
const tabItem = async (api: TestApi, form: QaForm) => {
  const { record } = form;
  if (record?.create) {
    const made = await api.create(`/api${record.create.path}`, firstFixture(record.create.entity, record.create.form));
    const at = (path: string) => `/api${path.replace('{id}', encodeURIComponent(String(made.id)))}`;
    return { read: at(record.read), save: at(record.save.path), method: record.save.method };
  }
  const { url } =
    modelOf(form.entity).kind === 'singleton'
      ? { url: await collectionUrl(api, form.entity) }
      : await createItem(api, form.entity);
  return { read: url, save: url, method: 'PATCH' as const };
};

/** Each settings tab's fixtures through `PATCH` on an item: stored as sent, or refused with the item unchanged. */
export const tabCases = (api: TestApi, forms: QaForm[]) =>
  describe.each(forms.map((form) => [`${form.entity} ${form.form}`, form] as const))('%s', (_, form) => {
    const { valid, invalid } = rows(form);

    it.each(valid)('saves %s and stores it as sent', async (_name, fixture) => {
      const item = await tabItem(api, form);
      const reply = await api.request(item.method, item.save, fixture.body);
      expect(reply.status, `${fixture.file}: ${JSON.stringify(reply.body)}`).toBe(200);
      const expected = readable(form.entity, fixture.body) as object;
      expect(reply.body, fixture.file).toMatchObject(expected);
      expect((await api.get(item.read)).body, fixture.file).toMatchObject(expected);
    });

    it.each(invalid)('refuses %s with 400 and leaves the item as it was', async (_name, fixture) => {
      const item = await tabItem(api, form);
      const before = (await api.get(item.read)).body;
      expectRefused(fixture, await api.request(item.method, item.save, fixture.body));
      expect((await api.get(item.read)).body).toEqual(before);
    });
  });
