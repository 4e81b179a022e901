/**
 * Custom profile fields through a client typed by Logto's Management API: created one by one or in a batch (all or
 * none), read and replaced by name, ordered for the sign-up page, and deleted together with their places on the
 * sign-up page and in the account center; Logto's rules of names and types, with its codes.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

type FieldBody = Record<string, unknown>;

describe.each(databases())('custom profile fields on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const create = (body: FieldBody) => client.POST('/api/custom-profile-fields', { body: body as never });
  const names = async () => ((await client.GET('/api/custom-profile-fields')).data ?? []).map((field) => field.name);

  it('creates fields last in the order, reads and replaces one by its name, and lists them in order', async () => {
    const company = await create({ name: 'company', type: 'Text', label: 'Company', required: true });
    expect(company.response.status).toBe(201);
    expect(company.data).toMatchObject({
      name: 'company',
      type: 'Text',
      label: 'Company',
      description: null,
      config: {},
    });
    const plan = await create({
      name: 'plan',
      type: 'Select',
      required: false,
      config: { options: [{ value: 'free' }, { label: 'Pro', value: 'pro' }] },
    });
    expect(plan.response.status).toBe(201);
    expect(plan.data?.sieOrder).toBeGreaterThan(company.data?.sieOrder ?? Number.POSITIVE_INFINITY);
    expect(await names()).toEqual(['company', 'plan']);

    const got = await client.GET('/api/custom-profile-fields/{name}', { params: { path: { name: 'plan' } } });
    expect(got.response.status).toBe(200);
    expect(got.data).toEqual(plan.data);
    const missing = await client.GET('/api/custom-profile-fields/{name}', { params: { path: { name: 'nope' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'entity.not_found' });

    // A replacement sets every setting; what it leaves out goes back to its default.
    const replaced = await client.PUT('/api/custom-profile-fields/{name}', {
      params: { path: { name: 'company' } },
      body: { type: 'Text', required: false, config: { maxLength: 64 } },
    });
    expect(replaced.response.status).toBe(200);
    expect(replaced.data).toMatchObject({ name: 'company', label: '', required: false, config: { maxLength: 64 } });

    const ordered = await client.POST('/api/custom-profile-fields/properties/sie-order', {
      body: {
        order: [
          { name: 'plan', sieOrder: 1 },
          { name: 'company', sieOrder: 2 },
        ],
      },
    });
    expect(ordered.response.status).toBe(200);
    expect(ordered.data?.map((field) => field.name)).toEqual(['plan', 'company']);
    const unknown = await client.POST('/api/custom-profile-fields/properties/sie-order', {
      body: {
        order: [
          { name: 'plan', sieOrder: 5 },
          { name: 'ghost', sieOrder: 6 },
        ],
      },
    });
    expect(unknown.response.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'custom_profile_fields.entity_not_exists_with_names' });
    expect(await names()).toEqual(['plan', 'company']);
  });

  it('refuses Logto’s bad names and settings with its codes, and a taken name', async () => {
    const cases: [FieldBody, number, string][] = [
      [{ name: 'first-name', type: 'Text', required: false }, 400, 'custom_profile_fields.invalid_name'],
      [
        { name: 'username', type: 'Text', required: false },
        400,
        'custom_profile_fields.name_conflict_sign_in_identifier',
      ],
      [
        { name: 'preferredUsername', type: 'Text', required: false },
        400,
        'custom_profile_fields.name_conflict_built_in_prop',
      ],
      [{ name: 'onboarding', type: 'Text', required: false }, 400, 'custom_profile_fields.name_conflict_custom_data'],
      [
        { name: 'age', type: 'Number', required: false, config: { minValue: 10, maxValue: 5 } },
        400,
        'custom_profile_fields.invalid_min_max_input',
      ],
      [
        { name: 'address', type: 'Address', required: false, config: { parts: [] } },
        400,
        'custom_profile_fields.invalid_address_components',
      ],
      [
        {
          name: 'fullname',
          type: 'Fullname',
          required: false,
          config: { parts: [{ enabled: true, name: 'givenName', type: 'Address', required: true }] },
        },
        400,
        'custom_profile_fields.invalid_sub_component_type',
      ],
      [{ name: 'agree', type: 'Checkbox', required: true }, 400, 'request.invalid_input'],
    ];
    for (const [body, status, code] of cases) {
      const refused = await create(body);
      expect(refused.response.status, JSON.stringify(body)).toBe(status);
      expect(refused.error, JSON.stringify(body)).toMatchObject({ code });
    }
    expect(await names()).toEqual([]);

    expect((await create({ name: 'nickname', type: 'Text', required: false })).response.status).toBe(201);
    const taken = await create({ name: 'nickname', type: 'Text', required: false });
    expect(taken.response.status).toBe(422);
    expect(taken.error).toMatchObject({ code: 'custom_profile_fields.name_exists' });
    // A replacement is checked strictly: a regex field needs a valid pattern, a checkbox its default.
    expect(
      (await create({ name: 'code', type: 'Regex', required: false, config: { format: '^[A-Z]+$' } })).response.status,
    ).toBe(201);
    const badPattern = await client.PUT('/api/custom-profile-fields/{name}', {
      params: { path: { name: 'code' } },
      body: { type: 'Regex', required: false, config: { format: '([' } },
    });
    expect(badPattern.error).toMatchObject({ code: 'custom_profile_fields.invalid_regex_format' });
  });

  it('creates a batch all or none', async () => {
    const batch = await client.POST('/api/custom-profile-fields/batch', {
      body: [
        { name: 'department', type: 'Text', required: false },
        {
          name: 'fullname',
          type: 'Fullname',
          required: true,
          config: {
            parts: [
              { enabled: true, name: 'givenName', type: 'Text', required: true },
              { enabled: true, name: 'familyName', type: 'Text', required: true },
            ],
          },
        },
      ] as never,
    });
    expect(batch.response.status).toBe(201);
    expect(batch.data?.map((field) => field.name)).toEqual(['department', 'fullname']);
    const clash = await client.POST('/api/custom-profile-fields/batch', {
      body: [
        { name: 'team', type: 'Text', required: false },
        { name: 'department', type: 'Text', required: false },
      ] as never,
    });
    expect(clash.response.status).toBe(422);
    expect(clash.error).toMatchObject({ code: 'custom_profile_fields.name_exists' });
    expect(await names()).toEqual(['department', 'fullname']);
  });

  it('deletes a field together with its places on the sign-up page and in the account center', async () => {
    for (const name of ['jobTitle', 'team']) {
      expect((await create({ name, type: 'Text', required: false })).response.status).toBe(201);
    }
    const collect = [{ name: 'jobTitle' }, { name: 'team' }];
    expect((await api.patch('/api/sign-in-exp', { signUpProfileFields: collect })).status).toBe(200);
    expect((await api.patch('/api/account-center', { profileFields: collect })).status).toBe(200);

    const deleted = await client.DELETE('/api/custom-profile-fields/{name}', {
      params: { path: { name: 'jobTitle' } },
    });
    expect(deleted.response.status).toBe(204);
    expect(await names()).toEqual(['team']);
    expect((await api.get('/api/sign-in-exp')).body.signUpProfileFields).toEqual([{ name: 'team' }]);
    expect((await api.get('/api/account-center')).body.profileFields).toEqual([{ name: 'team' }]);
    const again = await client.DELETE('/api/custom-profile-fields/{name}', { params: { path: { name: 'jobTitle' } } });
    expect(again.response.status).toBe(404);
  });
});
