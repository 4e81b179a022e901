import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { entityKinds } from '../../src/shared/entity-kinds.js';
import { type CompiledShapes, compileShapes, shapesRoot } from '../shapes/compile.js';

const repo = join(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const meta = readJson(join(repo, 'codegen/meta/resource-descriptor.schema.json'));
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
const validate = ajv.compile(meta);
const valid = (descriptor: unknown) => validate(descriptor);

const shape = (name: string) => readJson(join(repo, 'tests/shapes/entities', name, 'resource.json'));
const singleton = shape('workspaceSettings');
const log = shape('auditEvent');
const collection = readJson(join(repo, 'src/entities/role/resource.json'));
// biome-ignore lint/suspicious/noExplicitAny: descriptors are arbitrary JSON edited in place
const edited = (descriptor: any, edit: (copy: any) => void) => {
  const copy = structuredClone(descriptor);
  edit(copy);
  return copy;
};

describe('the descriptor meta-schema per kind', () => {
  it('lists the kinds the code knows, in one enum', () => {
    expect(meta.$defs.entityKind.enum).toEqual([...entityKinds]);
  });

  it('lets an action path have several segments, each a lowercase name or a parameter in braces', () => {
    const service = shape('lockerStats');
    const pathOf = (path: string) => edited(service, (d) => (d.api.actions[1].path = path));
    expect(valid(pathOf('users/total'))).toBe(true);
    expect(valid(pathOf('a/b-c/d'))).toBe(true);
    expect(valid(pathOf('identities/{target}'))).toBe(true);
    for (const path of ['/users', 'users/', 'users//total', 'Users/total', 'users/{Id}', 'users/{}', 'users/{a-b}']) {
      expect(valid(pathOf(path)), path).toBe(false);
    }
  });

  it('asks a collection (the default kind) for a console list, a create form and a detail title', () => {
    expect(valid(collection)).toBe(true);
    expect(valid(edited(collection, (d) => delete d.console.list))).toBe(false);
    expect(valid(edited(collection, (d) => delete d.console.create))).toBe(false);
    expect(valid(edited(collection, (d) => delete d.console.detail.titleField))).toBe(false);
    expect(valid(edited(collection, (d) => (d.kind = 'collection')))).toBe(true);
    expect(valid(edited(collection, (d) => (d.api.operations.list.ranges = [])))).toBe(false);
  });

  it('asks a singleton for get and settings tabs only: no list, create, delete, id, relations, create or link hooks, or item actions', () => {
    expect(valid(singleton)).toBe(true);
    expect(valid(edited(singleton, (d) => (d.api.operations.list = { pagination: 'optional' })))).toBe(false);
    expect(valid(edited(singleton, (d) => (d.api.operations.create = { status: 201 })))).toBe(false);
    expect(valid(edited(singleton, (d) => (d.api.operations.delete = {})))).toBe(false);
    expect(valid(edited(singleton, (d) => delete d.api.operations.get))).toBe(false);
    expect(valid(edited(singleton, (d) => delete d.console.detail))).toBe(false);
    expect(valid(edited(singleton, (d) => (d.console.list = log.console.list)))).toBe(false);
    expect(valid(edited(singleton, (d) => (d.itemKey = 'displayName')))).toBe(false);
    expect(valid(edited(singleton, (d) => (d.serverHooks = { beforeCreate: 'hook.generate-signing-key' })))).toBe(
      false,
    );
    expect(valid(edited(singleton, (d) => (d.serverHooks = { beforeLink: 'hook.generate-signing-key' })))).toBe(false);
    // An update hook checks a patch against the stored record (the sign-in experience's rules).
    expect(valid(edited(singleton, (d) => (d.serverHooks = { beforeUpdate: 'hook.generate-signing-key' })))).toBe(true);
    const action = {
      key: 'check',
      method: 'POST',
      path: 'check',
      handler: 'hook.send-test',
      status: 200,
      summary: 'Check',
    };
    expect(valid(edited(singleton, (d) => (d.api.actions = [{ ...action, on: 'collection' }])))).toBe(true);
    expect(valid(edited(singleton, (d) => (d.api.actions = [{ ...action, on: 'item' }])))).toBe(false);
    expect(valid(edited(singleton, (d) => (d.api.actions = [action])))).toBe(false);
  });

  it('asks a log for a list and a get, and refuses every write route and create form', () => {
    expect(valid(log)).toBe(true);
    for (const operation of ['create', 'update', 'delete']) {
      const value = operation === 'create' ? { status: 201 } : {};
      expect(valid(edited(log, (d) => (d.api.operations[operation] = value))), operation).toBe(false);
    }
    expect(valid(edited(log, (d) => delete d.api.operations.get))).toBe(false);
    expect(valid(edited(log, (d) => (d.console.create = collection.console.create)))).toBe(false);
    expect(valid(edited(log, (d) => delete d.console.list))).toBe(false);
    expect(valid(edited(log, (d) => (d.kind = 'journal')))).toBe(false);
  });
});

describe('codegen of the test shapes', () => {
  let compiled: CompiledShapes;
  // Compiling the shapes runs codegen, which takes a while on a busy machine.
  beforeAll(async () => {
    compiled = await compileShapes();
  }, 60_000);
  afterAll(() => compiled?.dispose());
  const openapi = () => JSON.parse(compiled.result.files.get('src/generated/openapi.json') ?? '{}');

  it('serves a singleton at its path: GET and PATCH documented, no id, no list', () => {
    const paths = openapi().paths;
    expect(Object.keys(paths['/api/workspace-settings'])).toEqual(['get', 'patch']);
    expect(paths['/api/workspace-settings'].get.parameters).toEqual([]);
    expect(paths['/api/workspace-settings'].patch.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WorkspaceSettingsUpdate',
    });
    expect(Object.keys(paths).filter((p) => p.startsWith('/api/workspace-settings/'))).toEqual([]);
    const model = compiled.models.find((m) => m.name === 'workspaceSettings');
    expect(model).toMatchObject({ kind: 'singleton', countRows: false });
    const console = compiled.consoleResources.find((r) => r.name === 'workspaceSettings');
    expect(console?.create).toBeUndefined();
    expect(console?.detail?.tabs.map((tab) => tab.kind)).toEqual(['form']);
  });

  it('serves a log read-only with its filters, keyset cursor and capped count documented', () => {
    const paths = openapi().paths;
    expect(Object.keys(paths['/api/audit-events'])).toEqual(['get']);
    expect(Object.keys(paths['/api/audit-events/{id}'])).toEqual(['get']);
    const names = paths['/api/audit-events'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual([
      'page',
      'page_size',
      'results',
      'startTime',
      'endTime',
      'keyPrefix',
      'cursor',
      'enableCap',
      'Prefer',
    ]);
    expect(Object.keys(paths['/api/audit-events'].get.responses[200].headers)).toEqual(
      expect.arrayContaining(['Total-Number', 'Total-Number-Is-Capped', 'Total-Number-Is-Estimated', 'Next-Cursor']),
    );
    const console = compiled.consoleResources.find((r) => r.name === 'auditEvent');
    expect(console?.logFilters?.values).toEqual([
      expect.objectContaining({ param: 'results', multiple: true, options: ['Success', 'Error', 'Pending'] }),
    ]);
  });

  it('writes the indexes the kinds need: one row per tenant, and the log filters in list order', () => {
    const sql = compiled.result.files.get(compiled.result.newMigration ?? '') ?? '';
    expect(sql).toContain(
      'CREATE UNIQUE INDEX "workspace_settings__tenant__key" ON "workspace_settings" ("tenant_id");',
    );
    expect(sql).toContain('("tenant_id", "result", "created_at", "id")');
    expect(sql).toContain('("tenant_id", "key" text_pattern_ops)');
  });
});

describe('codegen refuses kinds it cannot serve', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  // biome-ignore lint/suspicious/noExplicitAny: edits reach into arbitrary JSON
  const failure = async (file: string, edit: (json: any) => void) => {
    const root = shapesRoot();
    roots.push(root);
    const json = readJson(join(root, file));
    edit(json);
    writeFileSync(join(root, file), JSON.stringify(json));
    return generate({ root }).then(
      () => 'generated',
      (error: Error) => error.message,
    );
  };

  it('a singleton whose required field has no default (it could not be seeded)', async () => {
    expect(
      await failure('src/entities/workspaceSettings/schema.json', (schema) => delete schema.properties.theme.default),
    ).toMatch(/seeded with defaults; give theme a default/);
  });

  it('a log range on a field that is not a timestamp, or a filter the console does not label', async () => {
    expect(
      await failure('src/entities/auditEvent/resource.json', (d) => (d.api.operations.list.ranges[0].field = 'key')),
    ).toMatch(/key is not a timestamp field/);
    expect(
      await failure('src/entities/auditEvent/resource.json', (d) => delete d.console.filterLabels.keyPrefix),
    ).toMatch(/console.filterLabels lacks keyPrefix/);
    expect(
      await failure('src/entities/auditEvent/resource.json', (d) => (d.api.operations.list.pagination = 'optional')),
    ).toMatch(/a log always pages/);
  });

  it('a log tab naming something other than a log, or a filter the log does not have', async () => {
    const logsTab = (d: { console: { detail: { tabs: unknown[] } } }, log: string, filter: string) =>
      d.console.detail.tabs.push({ key: 'logs', titleKey: 'applications.tab.logs', kind: 'log', log, filter });
    expect(await failure('src/entities/application/resource.json', (d) => logsTab(d, 'role', 'roleId'))).toMatch(
      /tab logs names "role", which is not a log with a console/,
    );
    expect(await failure('src/entities/application/resource.json', (d) => logsTab(d, 'log', 'clientId'))).toMatch(
      /tab logs: log has no single-value filter "clientId"/,
    );
  });

  it('a name lookup outside a log, on a field that is no text, from private fields, or a label naming nothing', async () => {
    const lookup = { field: 'userId', entity: 'user', from: ['name'], as: 'userName' };
    expect(await failure('src/entities/role/resource.json', (d) => (d.nameLookups = [lookup]))).toMatch(
      /nameLookups are for logs/,
    );
    expect(await failure('src/entities/log/resource.json', (d) => (d.nameLookups[0].field = 'payload'))).toMatch(
      /nameLookups userName: payload is not a text field/,
    );
    expect(
      await failure('src/entities/log/resource.json', (d) => (d.nameLookups[0].from = ['name', 'passwordEncrypted'])),
    ).toMatch(/from names passwordEncrypted, which is not a public text field of user/);
    expect(await failure('src/entities/log/resource.json', (d) => (d.nameLookups[0].entity = 'userRole'))).toMatch(
      /userRole is not a collection with items by id/,
    );
    expect(await failure('src/entities/log/resource.json', (d) => (d.nameLookups[1].as = 'key'))).toMatch(
      /key is already a field of log/,
    );
    expect(
      await failure('src/entities/log/resource.json', (d) => (d.console.list.columns[2].labelField = 'nobody')),
    ).toMatch(/labelField names unknown field "nobody"/);
  });
});
