/**
 * The configuration history (issue 29, step 1): each create, update and delete of a configuration item is kept with
 * the record before and after it, in the change's own transaction (a write refused keeps no history), secrets as a
 * digest; an entity without history (users) keeps none. Restoring a version is an ordinary change of the item: the
 * item updated, or created again with its id; refused with the rule's own error where a rule now forbids it.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../src/generated/api.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('configuration history on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  const historyOf = async (itemId: string) => {
    const { data } = await client.GET('/api/config-history', {
      params: { query: { itemId, page: 1, page_size: 20 } as never },
    });
    const changes = (data ?? []) as unknown as {
      id: string;
      kind: string;
      entity: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      restoredFrom?: string | null;
      createdAt: number;
    }[];
    // Oldest first.
    return changes.sort((a, b) => a.createdAt - b.createdAt);
  };

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  it('keeps every change of an application with the record before and after, its secret as a digest', async () => {
    const created = await client.POST('/api/applications', {
      body: {
        name: 'Storefront',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: ['https://a.test/cb'], postLogoutRedirectUris: [] },
      } as never,
    });
    const id = String(created.data?.id);
    const path = { params: { path: { id } } };
    for (const uri of ['https://b.test/cb', 'https://c.test/cb']) {
      const updated = await client.PATCH('/api/applications/{id}', {
        ...path,
        body: { oidcClientMetadata: { redirectUris: [uri], postLogoutRedirectUris: [] } } as never,
      });
      expect(updated.response.status).toBe(200);
    }
    const changes = await historyOf(id);
    expect(changes.map((change) => change.kind).sort()).toEqual(['create', 'update', 'update']);
    const redirects = (record: Record<string, unknown> | null) =>
      (record?.oidcClientMetadata as { redirectUris?: string[] } | undefined)?.redirectUris;
    const updates = changes.filter((change) => change.kind === 'update');
    expect(updates.map((change) => [redirects(change.before), redirects(change.after)]).sort()).toEqual([
      [['https://a.test/cb'], ['https://b.test/cb']],
      [['https://b.test/cb'], ['https://c.test/cb']],
    ]);
    const secret = changes.find((change) => change.kind === 'create')?.after?.secret;
    expect(secret).toEqual({ $secret: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(JSON.stringify(changes)).not.toContain(String(created.data?.secret));

    expect((await client.DELETE('/api/applications/{id}', path)).response.status).toBe(204);
    const deleted = (await historyOf(id)).find((change) => change.kind === 'delete');
    expect(deleted).toMatchObject({ entity: 'application', after: null, before: { name: 'Storefront' } });
  });

  it("keeps the sign-in experience's changes, the tenant's one record of it", async () => {
    const patched = await client.PATCH('/api/sign-in-exp', { body: { supportEmail: 'help@example.com' } as never });
    expect(patched.response.status).toBe(200);
    const { data } = await client.GET('/api/config-history', {
      params: { query: { entity: 'signInExperience', page: 1, page_size: 20 } as never },
    });
    const [change] = (data ?? []) as unknown as {
      kind: string;
      before: { supportEmail?: unknown };
      after: { supportEmail?: unknown };
    }[];
    expect(change?.kind).toBe('update');
    expect(change?.after.supportEmail).toBe('help@example.com');
    expect(change?.before.supportEmail).not.toBe('help@example.com');
  });

  it('keeps no history of a refused change, nor of an entity without history', async () => {
    const role = await client.POST('/api/roles', { body: { name: 'clerk', description: 'Clerks' } as never });
    await client.POST('/api/roles', { body: { name: 'auditor', description: 'Auditors' } as never });
    const id = String(role.data?.id);
    const taken = await client.PATCH('/api/roles/{id}', {
      params: { path: { id } },
      body: { name: 'auditor' } as never,
    });
    expect(taken.response.status).toBe(422);
    expect((await historyOf(id)).map((change) => change.kind)).toEqual(['create']);
    const user = await client.POST('/api/users', { body: { username: 'riley' } as never });
    expect(await historyOf(String(user.data?.id))).toEqual([]);
  });

  it('restores a version as a change of its own, creates a deleted item again, and refuses a version a rule forbids', async () => {
    const made = await client.POST('/api/roles', { body: { name: 'clerk', description: 'Clerks' } as never });
    const id = String(made.data?.id);
    const path = { params: { path: { id } } };
    await client.PATCH('/api/roles/{id}', { ...path, body: { name: 'cashier', description: 'Till' } as never });
    const [created] = await historyOf(id);
    const restore = (changeId: string) =>
      client.POST('/api/config-history/{id}/restore' as never, { params: { path: { id: changeId } } } as never);
    const restored = await restore(String(created?.id));
    expect(restored.response.status).toBe(200);
    expect((await client.GET('/api/roles/{id}', path)).data).toMatchObject({ name: 'clerk', description: 'Clerks' });
    // The history records it as a restore of that change.
    const afterRestore = await historyOf(id);
    expect(afterRestore.map((change) => change.kind)).toEqual(['create', 'update', 'restore']);
    expect(afterRestore.at(-1)).toMatchObject({ restoredFrom: created?.id });

    // A version whose name another role has taken since is refused, and the role stays as it is.
    await client.PATCH('/api/roles/{id}', { ...path, body: { name: 'teller' } as never });
    await client.POST('/api/roles', { body: { name: 'clerk', description: 'New clerks' } as never });
    const refused = await restore(String(created?.id));
    expect(refused.response.status).toBe(422);
    expect(refused.error).toMatchObject({ code: 'role.name_in_use' });
    expect((await client.GET('/api/roles/{id}', path)).data).toMatchObject({ name: 'teller' });

    // A deleted role comes back with its id from the version before the delete.
    await client.DELETE('/api/roles/{id}', path);
    const lastVersion = (await historyOf(id)).filter((change) => change.kind === 'update').at(-1);
    expect((await restore(String(lastVersion?.id))).response.status).toBe(200);
    expect((await client.GET('/api/roles/{id}', path)).data).toMatchObject({ id, name: 'teller' });
  });
});
