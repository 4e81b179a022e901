import { describe, expect, it } from 'vitest';
import { createItem, expectRefused, matrixForms, readable, rows } from './fixture-matrix.js';
import { databases, useApi } from './harness.js';

/** Every settings tab's fixtures through `PATCH` on an item: stored as sent, or refused with the item unchanged. */
describe.each(databases())('settings tab fixtures on $name', (target) => {
  const api = useApi(target);

  describe.each(matrixForms('tab').map((form) => [`${form.entity} ${form.form}`, form] as const))('%s', (_, form) => {
    const { valid, invalid } = rows(form);

    it.each(valid)('saves %s and stores it as sent', async (_name, fixture) => {
      const item = await createItem(api, form.entity);
      const reply = await api.patch(item.url, fixture.body);
      expect(reply.status, `${fixture.file}: ${JSON.stringify(reply.body)}`).toBe(200);
      const expected = readable(form.entity, fixture.body) as object;
      expect(reply.body, fixture.file).toMatchObject(expected);
      expect((await api.get(item.url)).body, fixture.file).toMatchObject(expected);
    });

    it.each(invalid)('refuses %s with 400 and leaves the item as it was', async (_name, fixture) => {
      const item = await createItem(api, form.entity);
      const before = (await api.get(item.url)).body;
      expectRefused(fixture, await api.patch(item.url, fixture.body));
      expect((await api.get(item.url)).body).toEqual(before);
    });
  });
});
