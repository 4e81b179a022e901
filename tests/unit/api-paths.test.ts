import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/generated/api-paths.js';
import openapi from '../../src/generated/openapi.json' with { type: 'json' };
import { apiPath } from '../../src/shared/api-path.js';

const openApiPaths = Object.keys(openapi.paths);
const named = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as object).flatMap(named);

describe('generated API paths', () => {
  it('fills a route with its parameters, each encoded', () => {
    expect(apiPath(apiRoutes.user.actions.password, { userId: 'a/b c' })).toBe('/users/a%2Fb%20c/password');
    expect(apiPath(apiRoutes.oidcKey.actions.delete, { keyType: 'private-keys', keyId: 'k?1' })).toBe(
      '/configs/oidc/private-keys/k%3F1',
    );
    expect(apiPath(apiRoutes.dashboard.actions.usersTotal)).toBe('/dashboard/users/total');
    // @ts-expect-error a missing parameter does not compile (and throws if forced)
    expect(() => apiPath(apiRoutes.role.item, {})).toThrow(/Missing path parameter "id"/);
  });

  it('names each route of every kind as the OpenAPI document writes it', () => {
    expect(`/api${apiRoutes.role.list}`).toBe('/api/roles');
    expect(`/api${apiRoutes.role.item}`).toBe('/api/roles/{id}');
    expect(`/api${apiRoutes.applicationSecret.item}`).toBe('/api/applications/{id}/secrets/{name}');
    expect(`/api${apiRoutes.user.relations.roles}`).toBe('/api/users/{userId}/roles');
    expect(`/api${apiRoutes.role.links.users}`).toBe('/api/roles/{id}/users/{userId}');
    expect(`/api${apiRoutes.hook.actions.test}`).toBe('/api/hooks/{id}/test');
    expect(`/api${apiRoutes.hookLog.item}`).toBe('/api/hooks/{hookId}/recent-logs/{hookLogId}');
    expect(`/api${apiRoutes.signInExperience.item}`).toBe('/api/sign-in-exp');
    for (const path of named(apiRoutes)) expect(openApiPaths, path).toContain(`/api${path}`);
  });

  it('leaves unnamed only the routes below a relation and those outside the API base', () => {
    const paths = new Set(named(apiRoutes).map((path) => `/api${path}`));
    const relations = Object.values(apiRoutes).flatMap((routes) =>
      'relations' in routes ? named(routes.relations).map((path) => `/api${path}/`) : [],
    );
    const unnamed = openApiPaths.filter((path) => !paths.has(path));
    for (const path of unnamed) {
      const belowRelation = relations.some((relation) => path.startsWith(relation));
      expect(belowRelation || !path.startsWith('/api/'), `${path} has no builder`).toBe(true);
    }
  });
});
