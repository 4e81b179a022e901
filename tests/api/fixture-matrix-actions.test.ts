import { describe, expect, it } from 'vitest';
import type { ActionModel } from '../../src/shared/descriptor.js';
import {
  collectionUrl,
  createItem,
  expectAccepted,
  expectRefused,
  matrixForms,
  modelOf,
  readable,
  rows,
} from './fixture-matrix.js';
import { databases, type TestApi, useApi } from './harness.js';

/** The action's URL: on a fresh item (or the collection), its path parameters filled with a placeholder. */
const actionUrl = async (api: TestApi, entity: string, action: ActionModel) => {
  const item = (action.on ?? 'item') === 'item' ? await createItem(api, entity) : undefined;
  const at = item?.url ?? (await collectionUrl(api, entity));
  const path = action.path.replace(/\{[a-zA-Z]+\}/g, 'placeholder');
  return { url: path ? `${at}/${path}` : at, item };
};

/** Whether the action's body is fields of the entity that it stores (a `PATCH` of the profile), to read back. */
const storesFields = (action: ActionModel) =>
  (action.method === 'PATCH' || action.method === 'PUT') && Boolean(action.bodyFields ?? action.optionalBodyFields);

/**
 * Every action body's fixtures through the action's route: a valid one passes validation (the handler may still
 * refuse it for what the body cannot say, a wrong current password) and, where the action stores entity fields, is
 * stored as sent; an invalid one is refused with 400 at the expected pointer, and nothing changes.
 */
describe.each(databases())('action fixtures on $name', (target) => {
  const api = useApi(target);

  describe.each(matrixForms('action').map((form) => [`${form.entity} ${form.form}`, form] as const))(
    '%s',
    (_, form) => {
      const model = modelOf(form.entity);
      const action = model.actions.find((a) => a.key === form.key) as ActionModel;
      const { valid, invalid } = rows(form);

      it.each(valid)('accepts %s', async (_name, fixture) => {
        const { url, item } = await actionUrl(api, form.entity, action);
        const reply = await api.request(action.method, url, fixture.body);
        expectAccepted(fixture, reply);
        if (item && storesFields(action) && reply.status < 300 && model.operations.get) {
          expect((await api.get(item.url)).body, fixture.file).toMatchObject(
            readable(form.entity, fixture.body) as object,
          );
        }
      });

      it.each(invalid)('refuses %s with 400 and changes nothing', async (_name, fixture) => {
        const { url, item } = await actionUrl(api, form.entity, action);
        const before = item && model.operations.get ? (await api.get(item.url)).body : undefined;
        const count = model.table ? await api.count(model.table) : 0;
        expectRefused(fixture, await api.request(action.method, url, fixture.body));
        if (item && before) expect((await api.get(item.url)).body).toEqual(before);
        if (model.table) expect(await api.count(model.table)).toBe(count);
      });
    },
  );
});
