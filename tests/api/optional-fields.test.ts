import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import openapi from '../../src/generated/openapi.json';
import { customFormats } from '../../src/shared/validation-runtime.js';
import { databases, useApi } from './harness.js';

/** A validator for one component of the served OpenAPI document: the shape a client is promised. */
const documented = (component: string) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(customFormats)) ajv.addFormat(name, format);
  ajv.addSchema({ ...openapi, $id: 'openapi.json' });
  return ajv.compile({ $ref: `openapi.json#/components/schemas/${component}` });
};

describe.each(databases())('optional fields on $name', (target) => {
  const api = useApi(target);
  const isApplication = documented('Application');

  it('returns a nullable field left out as null, sets it, and clears it with null, always as documented', async () => {
    const created = await api.create('/api/applications', { name: 'Ledger', type: 'MachineToMachine' });
    expect(created.description).toBeNull();
    expect(isApplication(created), JSON.stringify(isApplication.errors)).toBe(true);

    const path = `/api/applications/${created.id}`;
    const set = await api.request('PATCH', path, { description: 'Posts the nightly totals' });
    expect(set.status).toBe(200);
    expect(set.body.description).toBe('Posts the nightly totals');

    const cleared = await api.request('PATCH', path, { description: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.description).toBeNull();
    const read = await api.request('GET', path);
    expect(read.body.description).toBeNull();
    expect(isApplication(read.body), JSON.stringify(isApplication.errors)).toBe(true);
  });

  it('keeps a field with a default non-null when a creation leaves it out', async () => {
    const created = await api.create('/api/applications', { name: 'Kiosk', type: 'SPA' });
    expect(created.isThirdParty).toBe(false);
    expect(created.customData).toEqual({});
  });
});
