/**
 * Logto's list parameters through a client typed by its Management API: the exclusions (the users who do not hold a
 * role yet or are not members of an organization yet, the candidates of an assign dialog; the applications not yet
 * in an organization) and the organizations' member summaries asked for with `showFeatured`.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { ok } from './organization-token-steps.js';

describe.each(databases())('list parameters on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const user = async (username: string) => ok(await client.POST('/api/users', { body: { username } }), 200).id;
  const ids = (items: { id: string }[] | undefined) => (items ?? []).map((item) => item.id).sort();

  it('lists the users without a role (excludeRoleId) and those outside an organization (excludeOrganizationId)', async () => {
    const [ada, grace, linus] = [await user('ada'), await user('grace'), await user('linus')];
    const role = ok(await client.POST('/api/roles', { body: { name: 'editor', description: 'Edits' } }), 200).id;
    ok(
      await client.POST('/api/roles/{id}/users', {
        params: { path: { id: role } },
        body: { userIds: [ada] },
        parseAs: 'text',
      }),
    );
    const org = ok(await client.POST('/api/organizations', { body: { name: 'Acme' } })).id;
    ok(
      await client.POST('/api/organizations/{id}/users', { params: { path: { id: org } }, body: { userIds: [grace] } }),
    );

    const withoutRole = await client.GET('/api/users', { params: { query: { excludeRoleId: role, page: 1 } } });
    expect(withoutRole.response.status).toBe(200);
    expect(ids(withoutRole.data)).toEqual([grace, linus].sort());
    expect(withoutRole.response.headers.get('total-number')).toBe('2');
    const outside = await client.GET('/api/users', { params: { query: { excludeOrganizationId: org, page: 1 } } });
    expect(ids(outside.data)).toEqual([ada, linus].sort());
    const both = await client.GET('/api/users', {
      params: { query: { excludeRoleId: role, excludeOrganizationId: org, search: '%i%', page: 1 } },
    });
    expect(ids(both.data)).toEqual([linus]);
  });

  it('lists the applications outside an organization (excludeOrganizationId)', async () => {
    const app = async (name: string) =>
      ok(await client.POST('/api/applications', { body: { name, type: 'MachineToMachine' } }), 200).id;
    const [billing, reports] = [await app('Billing'), await app('Reports')];
    const org = ok(await client.POST('/api/organizations', { body: { name: 'Acme' } })).id;
    ok(
      await client.POST('/api/organizations/{id}/applications', {
        params: { path: { id: org } },
        body: { applicationIds: [billing] },
        parseAs: 'text',
      }),
    );
    const outside = await client.GET('/api/applications', { params: { query: { excludeOrganizationId: org } } });
    expect(outside.response.status).toBe(200);
    expect(ids(outside.data).filter((id) => [billing, reports].includes(id))).toEqual([reports]);
  });

  it('finds applications by their id as well as their name, as Logto searches them', async () => {
    const app = async (name: string) =>
      ok(await client.POST('/api/applications', { body: { name, type: 'MachineToMachine' } }), 200).id;
    const [billing, reports] = [await app('Billing'), await app('Reports')];
    // Logto's document names the search `search_params` (its keys are the query's own): asked as a client sends it.
    const found = await api.get(`/api/applications?search=${encodeURIComponent(`%${billing.slice(2, 10)}%`)}`);
    expect(ids(found.body)).toEqual([billing]);
    const org = ok(await client.POST('/api/organizations', { body: { name: 'Acme' } })).id;
    ok(
      await client.POST('/api/organizations/{id}/applications', {
        params: { path: { id: org } },
        body: { applicationIds: [billing, reports] },
        parseAs: 'text',
      }),
    );
    const inOrganization = await client.GET('/api/organizations/{id}/applications', {
      params: { path: { id: org }, query: { q: reports, page: 1 } },
    });
    expect(ids(inOrganization.data)).toEqual([reports]);
  });

  it('adds each organization’s member count and first members only when showFeatured asks for them', async () => {
    const members = [await user('ada'), await user('grace'), await user('linus'), await user('margaret')];
    const acme = ok(await client.POST('/api/organizations', { body: { name: 'Acme' } })).id;
    const empty = ok(await client.POST('/api/organizations', { body: { name: 'Empty' } })).id;
    ok(
      await client.POST('/api/organizations/{id}/users', {
        params: { path: { id: acme } },
        body: { userIds: members },
      }),
    );

    const plain = await client.GET('/api/organizations', { params: { query: { page: 1 } } });
    expect(plain.response.status).toBe(200);
    for (const organization of plain.data ?? []) {
      expect(organization).not.toHaveProperty('usersCount');
      expect(organization).not.toHaveProperty('featuredUsers');
    }
    for (const off of ['false', '0']) {
      const notAsked = await client.GET('/api/organizations', { params: { query: { showFeatured: off, page: 1 } } });
      expect(notAsked.data?.[0]).not.toHaveProperty('usersCount');
    }
    const featured = await client.GET('/api/organizations', { params: { query: { showFeatured: 'true', page: 1 } } });
    const byId = new Map((featured.data ?? []).map((organization) => [organization.id, organization]));
    expect(byId.get(acme)?.usersCount).toBe(4);
    expect(byId.get(acme)?.featuredUsers).toHaveLength(3);
    for (const shown of byId.get(acme)?.featuredUsers ?? []) {
      expect(members).toContain(shown.id);
      expect(Object.keys(shown).sort()).toEqual(['avatar', 'id', 'name']);
    }
    expect(byId.get(empty)).toMatchObject({ usersCount: 0, featuredUsers: [] });
    const one = await client.GET('/api/organizations/{id}', { params: { path: { id: acme } } });
    expect(one.data).not.toHaveProperty('usersCount');
  });

  it('shows a user’s password hash and its algorithm only when includePasswordHash asks for them', async () => {
    const withPassword = ok(
      await client.POST('/api/users', { body: { username: 'ada', password: 'Analytical-engine-1843' } }),
      200,
    ).id;
    const plain = await client.GET('/api/users/{userId}', { params: { path: { userId: withPassword } } });
    expect(plain.response.status).toBe(200);
    expect(plain.data).not.toHaveProperty('passwordDigest');
    expect(plain.data).not.toHaveProperty('passwordAlgorithm');
    const notAsked = await client.GET('/api/users/{userId}', {
      params: { path: { userId: withPassword }, query: { includePasswordHash: 'false' } },
    });
    expect(notAsked.data).not.toHaveProperty('passwordDigest');
    const revealed = await client.GET('/api/users/{userId}', {
      params: { path: { userId: withPassword }, query: { includePasswordHash: 'true' } },
    });
    expect(revealed.data?.passwordDigest).toMatch(/^\$argon2id\$/);
    expect(revealed.data?.passwordAlgorithm).toBe('Argon2id');
    expect(revealed.data).not.toHaveProperty('passwordEncrypted');

    const without = await user('grace');
    const none = await client.GET('/api/users/{userId}', {
      params: { path: { userId: without }, query: { includePasswordHash: '1' } },
    });
    expect(none.data).toMatchObject({ passwordDigest: null, passwordAlgorithm: null });
  });

  it('takes an id given twice in an organization’s user assignment as one member, as Logto does', async () => {
    const [ada, grace] = [await user('ada'), await user('grace')];
    const org = ok(await client.POST('/api/organizations', { body: { name: 'Acme' } })).id;
    const added = await client.POST('/api/organizations/{id}/users', {
      params: { path: { id: org } },
      body: { userIds: [ada, grace, ada] },
      parseAs: 'text',
    });
    expect(added.response.status).toBe(201);
    const members = await client.GET('/api/organizations/{id}/users', {
      params: { path: { id: org }, query: { page: 1 } },
    });
    expect(ids(members.data)).toEqual([ada, grace].sort());
  });

  it('lists the members holding one organization role (organizationRoleId), counted as such', async () => {
    const [ada, grace, linus] = [await user('ada'), await user('grace'), await user('linus')];
    const [acme, globex] = [
      ok(await client.POST('/api/organizations', { body: { name: 'Acme' } })).id,
      ok(await client.POST('/api/organizations', { body: { name: 'Globex' } })).id,
    ];
    const admin = ok(
      await client.POST('/api/organization-roles', {
        body: { name: 'admin', organizationScopeIds: [], resourceScopeIds: [] },
      }),
    ).id;
    for (const org of [acme, globex]) {
      ok(
        await client.POST('/api/organizations/{id}/users', {
          params: { path: { id: org } },
          body: { userIds: [ada, grace, linus] },
        }),
      );
    }
    // Ada is an admin of Acme, Grace of Globex only.
    for (const [org, member] of [
      [acme, ada],
      [globex, grace],
    ] as const) {
      ok(
        await client.POST('/api/organizations/{id}/users/{userId}/roles', {
          params: { path: { id: org, userId: member } },
          body: { organizationRoleIds: [admin] },
        }),
      );
    }
    const admins = await client.GET('/api/organizations/{id}/users', {
      params: { path: { id: acme }, query: { page: 1, organizationRoleId: admin } },
    });
    expect(admins.response.status).toBe(200);
    expect(ids(admins.data)).toEqual([ada]);
    expect(admins.response.headers.get('total-number')).toBe('1');
    expect(admins.data?.[0]?.organizationRoles.map((role) => role.name)).toEqual(['admin']);
    const searched = await client.GET('/api/organizations/{id}/users', {
      params: { path: { id: globex }, query: { page: 1, organizationRoleId: admin, q: 'ada' } },
    });
    expect(ids(searched.data)).toEqual([]);
    const nobody = await client.GET('/api/organizations/{id}/users', {
      params: { path: { id: acme }, query: { page: 1, organizationRoleId: 'no-such-role' } },
    });
    expect(nobody.data).toEqual([]);
    expect(nobody.response.headers.get('total-number')).toBe('0');
  });
});
