import { describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import { fixtureEntities, validFixtures } from '../fixtures.js';
import { databases, useApi } from './harness.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, { type?: string; properties?: Record<string, ArraySchema> }> };
}

interface ArraySchema {
  type?: string | string[];
  minItems?: number;
  maxItems?: number;
  items?: { enum?: string[] };
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

  it('enforces the array sizes its create bodies document', async () => {
    const doc = (await api.get('/api/swagger.json')).body as OpenApiDocument;
    let checked = 0;
    for (const entity of fixtureEntities) {
      const model = entityModels.find((m) => m.name === entity);
      if (!model || model.parent) continue;
      const name = `${entity[0]?.toUpperCase()}${entity.slice(1)}Create`;
      const base = validFixtures(entity).find((f) => f.name === 'minimal')?.body ?? {};
      for (const [field, schema] of Object.entries(doc.components.schemas[name]?.properties ?? {})) {
        if (schema.type !== 'array') continue;
        const item = (i: number) => schema.items?.enum?.[i] ?? `item${i}`;
        const sizes = [
          ...(schema.minItems ? [schema.minItems - 1] : []),
          ...(schema.maxItems !== undefined ? [schema.maxItems + 1] : []),
        ];
        for (const size of sizes) {
          if (schema.items?.enum && size > schema.items.enum.length) continue;
          const reply = await api.post(`/api${model.apiPath}`, {
            ...base,
            [field]: Array.from({ length: size }, (_, i) => item(i)),
          });
          expect(reply.status, `${name}.${field} with ${size} items answered ${reply.status}`).toBe(400);
          expect(reply.body.data.issues).toContainEqual(expect.objectContaining({ path: `/${field}` }));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });

  it('documents Prefer: count=… and the count headers on every list that answers Total-Number', async () => {
    const doc = (await api.get('/api/swagger.json')).body as OpenApiDocument;
    const lists = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation as ListOperation).responses?.['200']?.headers?.['Total-Number'])
        .map(([method, operation]) => ({ name: `${method} ${path}`, operation: operation as ListOperation })),
    );
    expect(lists.map((list) => list.name)).toEqual(
      expect.arrayContaining(['get /api/users', 'get /api/logs', 'get /api/roles/{id}/users', 'get /api/roles']),
    );
    for (const { name, operation } of lists) {
      const prefer = operation.parameters?.find((parameter) => parameter.name === 'Prefer');
      expect(prefer, name).toMatchObject({ in: 'header', required: false });
      expect(prefer?.description, name).toContain('count=estimated');
      expect(Object.keys(operation.responses?.['200']?.headers ?? {}), name).toEqual(
        expect.arrayContaining(['Total-Number', 'Link', 'Total-Number-Is-Estimated', 'Preference-Applied']),
      );
    }
  });
});

interface ListOperation {
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}
