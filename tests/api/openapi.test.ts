import { describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, { type?: string; properties?: Record<string, unknown> }> };
}

describe.each(databases())('/api/swagger.json on $name', (target) => {
  const api = useApi(target, { resetBeforeEach: false });

  it('serves an OpenAPI 3.1 document as JSON', async () => {
    const reply = await api.get('/api/swagger.json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    const doc = reply.body as OpenApiDocument;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    for (const name of ['Role', 'Resource', 'Scope', 'Hook']) {
      expect(doc.components.schemas[name], name).toMatchObject({ type: 'object' });
    }
    expect(Object.keys(doc.components.schemas.Hook?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'name', 'events', 'config', 'signingKey', 'enabled', 'createdAt']),
    );
  });

  it('documents every route it serves with the status the route answers', async () => {
    const doc = (await api.get('/api/swagger.json')).body as OpenApiDocument;
    const operation = (path: string, method: string) => doc.paths[path]?.[method];
    const expected: [string, string, string, string][] = [
      ['/api/resources', 'get', 'ListResources', '200'],
      ['/api/resources', 'post', 'CreateResource', '201'],
      ['/api/resources/{id}', 'get', 'GetResource', '200'],
      ['/api/resources/{id}', 'patch', 'UpdateResource', '200'],
      ['/api/resources/{id}', 'delete', 'DeleteResource', '204'],
      ['/api/resources/{resourceId}/scopes', 'get', 'ListResourceScopes', '200'],
      ['/api/resources/{resourceId}/scopes', 'post', 'CreateResourceScope', '201'],
      ['/api/resources/{resourceId}/scopes/{scopeId}', 'patch', 'UpdateResourceScope', '200'],
      ['/api/resources/{resourceId}/scopes/{scopeId}', 'delete', 'DeleteResourceScope', '204'],
      ['/api/roles', 'get', 'ListRoles', '200'],
      ['/api/roles', 'post', 'CreateRole', '200'],
      ['/api/roles/{id}', 'get', 'GetRole', '200'],
      ['/api/roles/{id}', 'patch', 'UpdateRole', '200'],
      ['/api/roles/{id}', 'delete', 'DeleteRole', '204'],
      ['/api/roles/{id}/scopes', 'get', 'ListRoleScopes', '200'],
      ['/api/roles/{id}/scopes', 'post', 'CreateRoleScope', '201'],
      ['/api/roles/{id}/scopes/{scopeId}', 'delete', 'DeleteRoleScope', '204'],
      ['/api/hooks', 'get', 'ListHooks', '200'],
      ['/api/hooks', 'post', 'CreateHook', '201'],
      ['/api/hooks/{id}', 'get', 'GetHook', '200'],
      ['/api/hooks/{id}', 'patch', 'UpdateHook', '200'],
      ['/api/hooks/{id}', 'delete', 'DeleteHook', '204'],
      ['/api/hooks/{id}/signing-key', 'patch', 'UpdateHookSigningKey', '200'],
    ];
    for (const [path, method, operationId, status] of expected) {
      const op = operation(path, method);
      expect(op?.operationId, `${method} ${path}`).toBe(operationId);
      expect(Object.keys(op?.responses ?? {}), operationId).toContain(status);
    }
  });
});
