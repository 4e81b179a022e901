import {
  bulkFormKey,
  type EntityModel,
  type FormModel,
  listFilterOf,
  type Relation,
} from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { actionModels } from './actions.js';
import { asCodeOf } from './as-code.js';
import { emptyAsNull, ignoredOnUpdate } from './body-fields.js';
import { branchModels, refuseLookupsOf } from './branches.js';
import { chosenBranchModels } from './chosen-branches.js';
import { columnsOf } from './columns.js';
import { buildConsole } from './console-model.js';
import { checkFieldKinds } from './fields.js';
import { deriveBodySchemas } from './forms.js';
import { applyKind } from './kinds/index.js';
import { assignSchema, bulkSchema, createFieldSchema, replaceAllSchema, replaceSchema } from './link-schemas.js';
import { queryForms } from './list-query.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { assertFields, form } from './model-parts.js';
import { compileNameLookups } from './name-lookups.js';
import { descriptorFileOf, snakeCase } from './names.js';
import { recordRulesSchema } from './record-rules.js';
import { compileRelations, linkThrough } from './relations.js';
import { countedSideKeys, isCountable, rowCounting } from './row-counting.js';

/**
 * The webhook events descriptors may name: the enum of the items of the field an entity declares as its
 * `webhookEventsField` (the webhooks' own entity); none when no entity declares one.
 */
const webhookEventsOf = (entities: LoadedEntity[]): unknown[] => {
  const declaring = entities.filter((entity) => entity.descriptor.webhookEventsField);
  if (declaring.length > 1) {
    const names = declaring.map((entity) => entity.descriptor.name).join(', ');
    throw new CodegenError(`webhookEventsField is declared by more than one entity (${names})`);
  }
  const [entity] = declaring;
  if (!entity?.descriptor.webhookEventsField) return [];
  const field = entity.descriptor.webhookEventsField;
  const events = entity.schema.properties?.[field]?.items;
  const list = events && typeof events === 'object' && !Array.isArray(events) ? events.enum : undefined;
  if (!list) {
    throw new CodegenError(
      `${descriptorFileOf(entity.descriptor.name)}: webhookEventsField ${field} is no array field with an enum of items`,
    );
  }
  return list;
};

export const buildModels = (entities: LoadedEntity[]): EntityModel[] => {
  const byName = new Map(entities.map((entity) => [entity.descriptor.name, entity]));
  const need = (name: string, where: string) => {
    const found = byName.get(name);
    if (!found) throw new CodegenError(`${where}: unknown entity "${name}"`);
    return found;
  };

  const hookEvents = webhookEventsOf(entities);
  const compiledRelations = compileRelations(entities);

  const models = entities.map((entity): EntityModel => {
    const { descriptor: d, schema } = entity;
    const file = `${descriptorFileOf(d.name)}`;
    checkFieldKinds(entity);
    if (d.parent) {
      need(d.parent.resource, `${file} parent`);
      assertFields(entity, [d.parent.foreignKey], 'parent.foreignKey');
      if (d.api && !d.api.path.includes(`{${d.parent.param}}`))
        throw new CodegenError(`${file}: api.path lacks {${d.parent.param}}`);
    }
    const relations: Relation[] = [...(d.relations ?? []), ...(compiledRelations.linked.get(d.name) ?? [])];
    const sides = compiledRelations.sides.get(d.name);
    const extraCreate: Record<string, JSONSchema7> = {};
    for (const relation of relations) {
      const target = need(relation.target, `${file} relation ${relation.name}`);
      if (relation.kind === 'children' && target.descriptor.parent?.resource !== d.name) {
        throw new CodegenError(`${file}: relation ${relation.name}: ${relation.target} has no parent ${d.name}`);
      }
      if (relation.kind === 'linked') {
        for (const embed of relation.embed ?? []) need(embed.target, `${file} relation ${relation.name} embed`);
        if (relation.createField) extraCreate[relation.createField] = createFieldSchema();
      }
    }
    const operations = d.api?.operations ?? {};
    const list = operations.list;
    const listFilters = (list?.filters ?? []).map(listFilterOf);
    assertFields(
      entity,
      [...(list?.search ?? []), ...listFilters.map((f) => f.field), ...(list?.orderBy ? [list.orderBy] : [])],
      'api.operations.list',
    );
    for (const { param, fields } of d.api?.operations.get?.reveal ?? []) {
      const sources = Object.values(fields);
      assertFields(entity, sources, `api.operations.get.reveal ${param}`);
      const shown = sources.find((field) => !(schema.properties?.[field] as { 'x-private'?: boolean })?.['x-private']);
      if (shown)
        throw new CodegenError(`${file}: api.operations.get.reveal ${param} reveals ${shown}, which is not private`);
    }
    /** The relation a summary or exclusion goes through, from this entity to the other side. */
    const joinedThrough = (relation: string, where: string) => {
      try {
        return linkThrough(entities, compiledRelations, d.name, relation);
      } catch (error) {
        throw new CodegenError(`${file}: ${where}: ${(error as Error).message}`);
      }
    };
    const listExclusions = (list?.exclude ?? []).map((exclusion) => {
      const { target: _target, ...joined } = joinedThrough(
        exclusion.relation,
        `api.operations.list.exclude ${exclusion.param}`,
      );
      return { ...exclusion, ...joined };
    });
    const listSummaries = (list?.summaries ?? []).map((summary) => {
      const joined = joinedThrough(summary.relation, `api.operations.list.summaries ${summary.featured}`);
      const target = need(joined.target, `${file} api.operations.list.summaries`);
      assertFields(target, summary.fields, `${file} api.operations.list.summaries ${summary.featured}`);
      for (const field of summary.fields) {
        if (target.schema.properties?.[field]?.['x-private']) {
          throw new CodegenError(`${file}: api.operations.list.summaries ${summary.featured} names private ${field}`);
        }
      }
      if (summary.embed) {
        const embedded = need(summary.embed.target, `${file} api.operations.list.summaries embed`);
        assertFields(target, [summary.embed.foreignKey], `${file} api.operations.list.summaries embed`);
        assertFields(embedded, summary.embed.fields, `${file} api.operations.list.summaries embed`);
      }
      return { ...summary, ...joined };
    });
    const taken = new Set(Object.keys(schema.properties ?? {}));
    for (const name of listSummaries.flatMap((s) => [...(s.count ? [s.count] : []), s.featured])) {
      if (taken.has(name)) throw new CodegenError(`${file}: api.operations.list.summaries repeats the name ${name}`);
      taken.add(name);
    }
    const params = [...listFilters.map((f) => f.param), ...listExclusions.map((x) => x.param)];
    const repeated = params.find((param, i) => params.indexOf(param) !== i);
    if (repeated) throw new CodegenError(`${file}: api.operations.list uses the query parameter ${repeated} twice`);
    refuseLookupsOf(
      schema,
      [
        { where: 'api.operations.list', fields: [...(list?.search ?? []), ...listFilters.map((f) => f.field)] },
        { where: 'unique', fields: (d.unique ?? []).flatMap((rule) => rule.fields) },
        { where: 'indexes', fields: (d.indexes ?? []).flat() },
      ],
      file,
    );
    for (const rule of d.unique ?? []) assertFields(entity, rule.fields, 'unique');
    for (const index of d.indexes ?? []) assertFields(entity, index, 'indexes');
    for (const reference of d.references ?? []) {
      assertFields(entity, [reference.field], 'references');
      const referred = need(reference.entity, `${file} references`);
      if (!referred.descriptor.table || referred.descriptor.kind === 'relation') {
        throw new CodegenError(`${file}: references ${reference.entity}, which has no items with ids`);
      }
    }
    const nameLookups = compileNameLookups(entity, need);
    const idMax = schema.properties?.id?.maxLength;
    if (d.idLength && (idMax === undefined || d.idLength > idMax)) {
      throw new CodegenError(`${file}: idLength ${d.idLength} needs an id field at least that long`);
    }
    if (d.itemKey && d.itemKey !== 'id') {
      assertFields(entity, [d.itemKey], 'itemKey');
      const scope = [d.parent?.foreignKey, d.itemKey].filter(Boolean).join(',');
      if (!(d.unique ?? []).some((rule) => rule.fields.join(',') === scope)) {
        throw new CodegenError(`${file}: itemKey ${d.itemKey} needs a unique rule on [${scope}]`);
      }
    }

    for (const event of Object.values(d.webhookEvents ?? {})) {
      if (!hookEvents.includes(event)) throw new CodegenError(`${file}: webhookEvents names unknown event "${event}"`);
    }
    for (const side of d.sides ?? []) {
      for (const [option, event] of [
        ['linkEvent', side.api?.linkEvent],
        ['changeEvent', side.api?.changeEvent],
      ]) {
        if (event && !hookEvents.includes(event))
          throw new CodegenError(`${file}: ${option} names unknown event "${event}"`);
      }
    }
    const bodies = deriveBodySchemas(schema, extraCreate);
    const columns = columnsOf(entity);
    const consoleResource = buildConsole(entity, bodies, byName, relations);
    const rules = recordRulesSchema(schema);
    const discriminated = withChosen(branchModels(schema), chosenBranchModels(schema));
    return {
      ...consoleResource,
      ...(rules ? { recordRules: form(rules) } : {}),
      ...(discriminated ? { discriminated } : {}),
      ...(d.api?.root ? { apiRoot: true as const } : {}),
      ...(d.idLength ? { idLength: d.idLength } : {}),
      table: d.table ?? '',
      schema,
      columns,
      readOnly: Object.entries(schema.properties ?? {})
        .filter(([, prop]) => prop.readOnly)
        .map(([name]) => name),
      ...ignoredOnUpdate(schema),
      ...emptyAsNull(schema),
      unique: d.unique ?? [],
      ...(d.notFoundCode ? { notFoundCode: d.notFoundCode } : {}),
      ...(d.notFoundCodes ? { notFoundCodes: d.notFoundCodes } : {}),
      searchColumns: (list?.search ?? []).map(snakeCase),
      ...(list?.fieldSearch && list.search?.length ? { fieldSearch: list.search } : {}),
      ...(d.api?.itemParam ? { itemParam: d.api.itemParam } : {}),
      listFilters,
      listExclusions,
      listSummaries,
      tenantScoped: d.tenantScoped ?? d.kind !== 'service',
      rls: d.rls ?? d.tenantScoped ?? d.kind !== 'service',
      ...rowCounting(
        Boolean(list) && !d.parent && (d.tenantScoped ?? true),
        listFilters.map((f) => f.field).filter((field) => isCountable(schema.properties?.[field])),
        countedSideKeys(entity, sides),
      ),
      hasApi: Boolean(d.api),
      ...(sides ? { sides } : {}),
      privateFields: Object.entries(schema.properties ?? {})
        .filter(([, prop]) => prop['x-private'])
        .map(([name]) => name),
      indexes: d.indexes ?? [],
      ...(d.references ? { references: d.references } : {}),
      ...(nameLookups ? { nameLookups } : {}),
      actions: actionModels(entity, form),
      serverHooks: d.serverHooks ?? {},
      webhookEvents: d.webhookEvents ?? {},
      ...(d.quotas ? { quotas: d.quotas } : {}),
      ...(d.featureQuotas ? { featureQuotas: d.featureQuotas } : {}),
      ...(d.history ? { history: true } : {}),
      ...asCodeOf(entity),
      // An entity with a table may be written by the server itself (storage-only, or where its API offers no
      // write), still through validated bodies.
      requestBodies: {
        ...(operations.create || d.table ? { create: withFormSchema(form(bodies.create), bodies.forms.create) } : {}),
        ...(operations.update || d.table ? { update: form(bodies.update) } : {}),
        ...(operations.replace ? { replace: form(replaceAllSchema(entity, operations.replace.field)) } : {}),
      },
      hasConsole: Boolean(d.console),
    };
  });
  const withAssignForms = models
    .map((model, index) => applyKind(entities[index] as LoadedEntity, model))
    .map((model) => {
      const assignForms: Record<string, FormModel> = {};
      const replaceForms: Record<string, FormModel> = {};
      for (const relation of model.relations) {
        if (relation.kind === 'linked') {
          const through = models.find((m) => m.name === relation.through)?.schema;
          assignForms[relation.name] = form(assignSchema(relation, through));
          if (relation.replace) replaceForms[relation.name] = form(replaceSchema(relation));
          for (const nested of models.find((m) => m.name === relation.through)?.relations ?? []) {
            if (nested.kind === 'linked' && nested.bulk && !relation.readOnly) {
              assignForms[bulkFormKey(relation, nested)] = form(bulkSchema(relation, nested));
            }
          }
        }
      }
      return { ...model, assignForms, ...(Object.keys(replaceForms).length ? { replaceForms } : {}) };
    });
  return withAssignForms.map((model) => ({ ...model, ...queryForms(model) }));
};

/** A body's model, with the console forms' schema of it where that asks more (`x-form`). */
const withFormSchema = (body: FormModel, formSchema: JSONSchema7): FormModel =>
  JSON.stringify(formSchema) === JSON.stringify(body.schema) ? body : { ...body, formSchema };

const withChosen = <T>(inside: Record<string, T> | undefined, chosen: Record<string, T>) =>
  inside || Object.keys(chosen).length > 0 ? { ...inside, ...chosen } : undefined;

/** Every schema that gets a compiled validator: request bodies, relation assignments, actions and console forms. */
/** The schemas of the forms the console shows (create, settings tabs, assignments, config branches, record rules). */
export const formSchemas = (models: EntityModel[]): JSONSchema7[] =>
  models.flatMap((model) => [
    ...(model.create ? [model.create.form.schema] : []),
    ...(model.detail?.tabs ?? []).flatMap((tab) => (tab.kind === 'form' ? [tab.form.schema] : [])),
    ...Object.values(model.assignForms).map((assign) => assign.schema),
    ...Object.values(model.replaceForms ?? {}).map((replace) => replace.schema),
    ...(model.recordRules ? [model.recordRules.schema] : []),
    ...Object.values(model.discriminated ?? {}).flatMap((field) => Object.values(field.branches).map((b) => b.schema)),
  ]);

export const validatedSchemas = (models: EntityModel[]): JSONSchema7[] => [
  ...formSchemas(models),
  ...models.flatMap((model) => [
    ...Object.values(model.requestBodies).map((body) => body.schema),
    ...model.actions.flatMap((action) =>
      [action.body, action.query, action.params].flatMap((form) => (form ? [form.schema] : [])),
    ),
    ...[model.listQuery, model.linkedListQuery].flatMap((query) => (query ? [query.schema] : [])),
  ]),
];
