import { describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import { formFixtures } from '../../src/shared/qa/fixtures.js';
import { qaDrawnForms } from '../../src/shared/qa/forms.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('QA forms API on $name', (target) => {
  const api = useApi(target, { resetBeforeEach: false });

  it('lists every generated form with how many fixtures it has', async () => {
    const reply = await api.get('/api/qa/forms');
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(qaDrawnForms(entityModels).length);
    // A batch (an array) is JSON, not a form: its fixtures go through the API only.
    expect(reply.body).not.toContainEqual(
      expect.objectContaining({ entity: 'customProfileField', form: 'action-batch' }),
    );
    expect(reply.body).toContainEqual({
      entity: 'role',
      form: 'create',
      kind: 'create',
      valid: formFixtures('role', 'create').valid.length,
      invalid: formFixtures('role', 'create').invalid.length,
    });
    expect(reply.body).toContainEqual(expect.objectContaining({ entity: 'role', form: 'tab-general', kind: 'tab' }));
    expect(reply.body).toContainEqual(
      expect.objectContaining({ entity: 'user', form: 'action-password', kind: 'action' }),
    );
    const role = reply.body.find((f: { entity: string; form: string }) => f.entity === 'role' && f.form === 'create');
    expect(role.valid).toBeGreaterThanOrEqual(2);
    expect(role.invalid).toBeGreaterThanOrEqual(5);
  });

  it('answers a form with its body schema and its fixtures, each marked valid or not', async () => {
    const reply = await api.get('/api/qa/forms/role/create');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ entity: 'role', form: 'create', kind: 'create' });
    expect(reply.body.schema.properties.name).toMatchObject({ type: 'string' });
    expect(reply.body.fixtures).toContainEqual({
      name: 'minimal',
      valid: true,
      body: expect.any(Object),
      generated: false,
      file: 'src/entities/role/fixtures/create/valid/minimal.json',
    });
    const invalid = reply.body.fixtures.filter((f: { valid: boolean }) => !f.valid);
    expect(invalid.length).toBeGreaterThanOrEqual(5);
    for (const fixture of invalid)
      expect(fixture.expect).toEqual({ path: expect.any(String), keyword: expect.any(String) });
  });

  it('is described in the OpenAPI document with its scope', async () => {
    const doc = (await api.get('/api/swagger.json')).body;
    expect(doc.paths['/api/qa/forms'].get.tags).toEqual(['QA']);
    expect(doc.paths['/api/qa/forms/{entity}/{form}'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'entity',
      'form',
    ]);
  });

  it('answers 404 for an entity or form it does not have', async () => {
    for (const path of ['/api/qa/forms/nothing/create', '/api/qa/forms/role/tab-nothing']) {
      const reply = await api.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.code).toBe('entity.not_found');
    }
  });
});
