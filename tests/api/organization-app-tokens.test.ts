/**
 * Organization tokens without a signed-in browser, as Logto issues them: a machine-to-machine app of an organization
 * gets one with `client_credentials` from its organization roles (an app outside it is refused), and a member's
 * personal access token is exchanged for one from the member's organization roles.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { uris } from './logto-contract-shapes.js';
import { basicAuth, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import {
  CALLBACK,
  type OrganizationScene,
  ok,
  organizationTokenSteps,
  REPORTS,
  setUpOrganizations,
} from './organization-token-steps.js';

const applicationsJoinOrganizations = entityModels.some(
  (model) => model.table === 'organization_application_relations',
);

describe.each(databases())('organization tokens of apps on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let scene: OrganizationScene;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    scene = await setUpOrganizations(server, db);
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const { verify, verifyFor } = organizationTokenSteps(() => scene);

  it('refuses an organization token to a machine-to-machine app outside the organization', async () => {
    const created = await scene.api.POST('/api/applications', {
      body: { name: 'Billing job', type: 'MachineToMachine' },
    });
    const m2m = ok(created, 200) as { id: string; secret: string };
    for (const extra of [{}, { resource: REPORTS, scope: 'api:read' }] as Record<string, string>[]) {
      const refused = await postForm(
        `${scene.issuer}/token`,
        { grant_type: 'client_credentials', organization_id: scene.org.acme, scope: 'read:member', ...extra },
        basicAuth(m2m.id, m2m.secret),
      );
      expect(refused.status, JSON.stringify(extra)).toBe(403);
      expect(refused.body).toMatchObject({
        error: 'access_denied',
        error_description: 'app has not associated with the organization',
      });
    }
    // Without an organization the app's grant is unchanged.
    const plain = await postForm(
      `${scene.issuer}/token`,
      { grant_type: 'client_credentials', resource: REPORTS },
      basicAuth(m2m.id, m2m.secret),
    );
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(decodeJwt(plain.body.access_token).aud).toBe(REPORTS);
  });

  it('exchanges a personal access token for an organization token, as far as the member’s roles grant', async () => {
    const { api, org, memberId } = scene;
    const pat = await api.POST('/api/users/{userId}/personal-access-tokens', {
      params: { path: { userId: memberId } },
      body: { name: 'cli' },
    });
    expect(pat.response.status).toBe(201);
    const created = await api.POST('/api/applications', {
      body: {
        name: 'CLI',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: uris(CALLBACK), postLogoutRedirectUris: [] },
        customClientMetadata: { allowTokenExchange: true },
      },
    });
    const cli = ok(created, 200) as { id: string; secret: string };
    const exchange = (form: Record<string, string>) =>
      postForm(
        `${scene.issuer}/token`,
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          subject_token: pat.data?.value as string,
          subject_token_type: 'urn:logto:token-type:personal_access_token',
          ...form,
        },
        basicAuth(cli.id, cli.secret),
      );

    const issued = await exchange({ organization_id: org.acme, scope: 'read:member delete:org' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(await verifyFor(issued.body.access_token, org.acme)).toMatchObject({ sub: memberId, scope: 'read:member' });
    const resource = await exchange({ organization_id: org.acme, resource: REPORTS, scope: 'api:read api:write' });
    expect(await verify(resource.body.access_token, REPORTS)).toMatchObject({
      scope: 'api:read',
      organization_id: org.acme,
    });
    const refused = await exchange({ organization_id: org.initech, scope: 'read:member' });
    expect(refused.status).toBe(403);
    expect(refused.body.error_description).toBe('user is not a member of the organization');
  });

  // Applications join organizations through their own relation; until it is stored, no app belongs to one.
  it.skipIf(!applicationsJoinOrganizations)(
    'issues an organization token to a machine-to-machine app of the organization, from its organization roles',
    async () => {
      const { api, org, scopeIds } = scene;
      const m2m = ok(
        await api.POST('/api/applications', { body: { name: 'Sync job', type: 'MachineToMachine' } }),
        200,
      ) as { id: string; secret: string };
      const organizationScopeIds = [scopeIds['read:member'] as string, scopeIds['delete:org'] as string];
      const body = {
        name: 'sync',
        type: 'MachineToMachine' as const,
        organizationScopeIds,
        resourceScopeIds: [scene.apiRead],
      };
      const roleId = ok(await api.POST('/api/organization-roles', { body })).id;
      const path = { id: org.acme };
      ok(
        await api.POST('/api/organizations/{id}/applications', {
          params: { path },
          body: { applicationIds: [m2m.id] },
          parseAs: 'text',
        }),
      );
      ok(
        await api.POST('/api/organizations/{id}/applications/{applicationId}/roles', {
          params: { path: { ...path, applicationId: m2m.id } },
          body: { organizationRoleIds: [roleId] },
          parseAs: 'text',
        }),
      );
      const token = (form: Record<string, string>) =>
        postForm(`${scene.issuer}/token`, { grant_type: 'client_credentials', ...form }, basicAuth(m2m.id, m2m.secret));

      const issued = await token({ organization_id: org.acme, scope: 'read:member write:member delete:org' });
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      const payload = await verifyFor(issued.body.access_token, org.acme);
      expect(payload.sub).toBe(m2m.id);
      expect(String(payload.scope).split(' ').sort()).toEqual(['delete:org', 'read:member']);

      const resource = await token({ organization_id: org.acme, resource: REPORTS, scope: 'api:read api:write' });
      expect(resource.status, JSON.stringify(resource.body)).toBe(200);
      expect(await verify(resource.body.access_token, REPORTS)).toMatchObject({
        scope: 'api:read',
        organization_id: org.acme,
      });

      const elsewhere = await token({ organization_id: org.globex, scope: 'read:member' });
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.error_description).toBe('app has not associated with the organization');
    },
  );
});
