import { expect } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import type { EntityModel } from '../../src/shared/descriptor.js';
import { assertFixture } from '../../src/shared/qa/check.js';
import { ENTITIES_ROOT, type Fixture, formFixtures } from '../../src/shared/qa/fixtures.js';
import { type QaForm, qaForms } from '../../src/shared/qa/forms.js';
import type { Reply, TestApi } from './harness.js';

/**
 * The API side of the QA matrix: every form's fixtures sent through the route that takes the form's body. A valid
 * fixture is accepted (and, for a create or a settings tab, stored as sent); an invalid one is refused with 400 at
 * the pointer and keyword its file expects, and nothing changes.
 */

/** Which entities and entity folders (with their fixtures) the matrix works on: the project's, or a test's own. */
const source: { models: readonly EntityModel[]; dirs: readonly string[] } = {
  models: entityModels,
  dirs: [ENTITIES_ROOT],
};

/**
 * Points the matrix of this test file at other entities and directories of entity folders (searched in order), until
 * `resetMatrixSource`: the files of a worker share this module, so a file that points it elsewhere points it back.
 */
export const setMatrixSource = (models: readonly EntityModel[], dirs: readonly string[]) => {
  source.models = models;
  source.dirs = dirs;
};

/** Points the matrix at the project's entities and fixtures again. */
export const resetMatrixSource = () => setMatrixSource(entityModels, [ENTITIES_ROOT]);

const modelOf = (entity: string): EntityModel => {
  const model = source.models.find((m) => m.name === entity);
  if (!model) throw new Error(`No entity model ${entity}`);
  return model;
};

const fixturesOf = (entity: string, form: string) => formFixtures(entity, form, source.dirs);

/** The first valid body that makes an item: the create form's, or the `create` action's of an entity made by one. */
/** The first valid fixture of a form of an entity. */
export const firstFixture = (entity: string, form: string) => fixturesOf(entity, form).valid[0]?.body;

const firstBody = (entity: string) =>
  fixturesOf(entity, 'create').valid[0]?.body ?? fixturesOf(entity, 'action-create').valid[0]?.body;

/**
 * The forms of `kind` whose body an API route takes (an action authenticating its own caller is left out), of the
 * entities `only` names when given.
 */
export const matrixForms = (kind: QaForm['kind'], only?: (entity: string) => boolean): QaForm[] =>
  qaForms(source.models).filter((form) => {
    if (form.kind !== kind || (only && !only(form.entity))) return false;
    if (kind === 'tab') return Boolean(modelOf(form.entity).operations.update);
    if (kind === 'action') {
      return modelOf(form.entity).actions.find((a) => a.key === form.key)?.authenticatedBy !== 'handler';
    }
    return true;
  });

/** Each fixture of a form as a test row: `[name, fixture]`, valid ones first. */
export const rows = (form: QaForm) => {
  const { valid, invalid } = fixturesOf(form.entity, form.form);
  return { valid: valid.map((f) => [f.name, f] as const), invalid: invalid.map((f) => [f.name, f] as const) };
};

/** The collection URL of an entity, creating its parent first when it has one. */
export const collectionUrl = async (api: TestApi, entity: string): Promise<string> => {
  const model = modelOf(entity);
  let path = model.apiPath;
  if (model.parent) {
    const parent = await createItem(api, model.parent.resource);
    path = path.replace(`{${model.parent.param}}`, String(parent.id));
  }
  return `${model.apiRoot ? '' : '/api'}${path}`;
};

/**
 * The body with each field the entity declares as a reference to another entity (an invitation's organization)
 * pointing at an item created for it from that entity's first valid create fixture, and each list of items a
 * relation links at creation (a role's `scopeIds`) naming as many items created so.
 */
export const withReferences = async (api: TestApi, entity: string, body: unknown): Promise<unknown> => {
  const model = modelOf(entity);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const resolved: Record<string, unknown> = { ...body };
  for (const { field, entity: referred } of model.references ?? []) {
    if (typeof resolved[field] !== 'string') continue;
    resolved[field] = (await createItem(api, referred)).id;
  }
  for (const relation of model.relations) {
    if (relation.kind !== 'linked' || !relation.createField) continue;
    const ids = resolved[relation.createField];
    if (!Array.isArray(ids)) continue;
    const created = [];
    for (const _id of ids) created.push((await createItem(api, relation.target)).id);
    resolved[relation.createField] = created;
  }
  return resolved;
};

let made = 0;

/** The body with a fresh number in each unique field it sets (an email keeps its domain, a URL its host). */
const distinct = (entity: string, body: unknown) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  made += 1;
  const copy: Record<string, unknown> = { ...body };
  const model = modelOf(entity);
  for (const field of model.unique.flatMap((rule) => rule.fields)) {
    const value = copy[field];
    // A value of an enumeration stays one of it: the rule's other fields tell the items apart.
    if (typeof value === 'string' && !model.schema.properties?.[field]?.enum)
      copy[field] = value.includes('@') ? `n${made}${value}` : `${value}${made}`;
  }
  return copy;
};

/** An item of the entity made from its first valid create fixture (unique fields made distinct); its URL alongside. */
export const createItem = async (api: TestApi, entity: string) => {
  const model = modelOf(entity);
  const url = await collectionUrl(api, entity);
  const created = await api.create(url, await withReferences(api, entity, distinct(entity, firstBody(entity))));
  return { ...created, url: `${url}/${encodeURIComponent(String(created[model.idField]))}` } as Record<
    string,
    unknown
  > & { url: string };
};

const linksAtCreation = (model: EntityModel) =>
  model.relations.flatMap((relation) => (relation.kind === 'linked' && relation.createField ? [relation] : []));

/**
 * What of a body the API answers back on the item: fields it never returns (write-only, private) and the lists of
 * items linked at creation (read back through their relation, see `expectLinked`) are left out.
 */
export const readable = (entity: string, body: unknown) => {
  const model = modelOf(entity);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const links = new Set(linksAtCreation(model).map((relation) => relation.createField));
  const hidden = (field: string) =>
    model.schema.properties?.[field]?.writeOnly || model.privateFields.includes(field) || links.has(field);
  return Object.fromEntries(Object.entries(body).filter(([field]) => !hidden(field)));
};

/** The items a create body linked (a role's `scopeIds`) are listed by the relation's route below the item. */
export const expectLinked = async (api: TestApi, entity: string, itemUrl: string, body: unknown, file: string) => {
  if (typeof body !== 'object' || body === null) return;
  for (const relation of linksAtCreation(modelOf(entity))) {
    const ids = (body as Record<string, unknown>)[relation.createField ?? ''];
    if (!Array.isArray(ids) || ids.length === 0 || relation.routes === false) continue;
    const listed = await api.get(`${itemUrl}/${relation.segment ?? relation.name}`);
    expect(listed.status, file).toBe(200);
    const linked = (listed.body as { id: string }[]).map((item) => item.id);
    expect(linked, `${file}: ${relation.createField}`).toEqual(expect.arrayContaining(ids));
  }
};

/** The fixture's expectation against the API's answer, failing with a sentence naming the file. */
export const expectRefused = (fixture: Fixture, reply: Reply) => {
  expect(reply.status, `${fixture.file}: expected 400, got ${reply.status} ${JSON.stringify(reply.body)}`).toBe(400);
  expect(reply.body.code).toBe('guard.invalid_input');
  assertFixture(fixture, reply.body.data.issues);
};

/**
 * A valid body passes the route's validation: no 400 `guard.invalid_input`, and no crash (an answer of 500, or of
 * 5xx without an error code; Logto's 501 `connector.not_found` with no email connector set up is a refusal).
 */
export const expectAccepted = (fixture: Fixture, reply: Reply) => {
  const said = `${fixture.file}: got ${reply.status} ${JSON.stringify(reply.body)}`;
  expect(reply.body?.code, said).not.toBe('guard.invalid_input');
  expect(reply.status === 500 || (reply.status > 500 && typeof reply.body?.code !== 'string'), said).toBe(false);
};

export { modelOf };
