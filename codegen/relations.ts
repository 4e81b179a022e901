import type { LinkedRelation, NestedLinks, RelationSide } from '../src/shared/descriptor.js';
import { searchQueryOf } from '../src/shared/descriptor-lists.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf, schemaFileOf, snakeCase } from './names.js';

/**
 * Relation entities (`kind: "relation"`): a link between two entities declared once, with its own schema. Its table
 * holds the tenant, both sides' keys (the primary key) and the relation's attributes; each side that declares `api`
 * gets the routes of the link (list the linked items, assign, remove) and a relation a console tab can name.
 */
export interface CompiledRelations {
  /** Each relation entity's sides, keyed by relation name. */
  sides: Map<string, RelationSide[]>;
  /** The links each entity exposes, keyed by entity name. */
  linked: Map<string, LinkedRelation[]>;
}

const fileOf = (entity: LoadedEntity) => `${descriptorFileOf(entity.descriptor.name)}`;
export const isRelation = (entity: LoadedEntity | undefined) => entity?.descriptor.kind === 'relation';

/** Descriptor parts a relation does not take: its routes are declared on its sides, its key is both sides' keys. */
const notForRelations = ['api', 'console', 'parent', 'relations', 'itemKey', 'unique', 'tenantScoped', 'rls'] as const;

/** A table is declared once: by one entity, or by one relation. */
export const assertTablesOnce = (entities: LoadedEntity[]) => {
  const owners = new Map<string, LoadedEntity>();
  for (const entity of entities) {
    const table = entity.descriptor.table;
    if (table === undefined) continue; // a service has no table
    const first = owners.get(table);
    if (first) {
      const what = (e: LoadedEntity) => `${isRelation(e) ? 'relation' : 'entity'} ${e.descriptor.name} (${fileOf(e)})`;
      throw new CodegenError(
        `table ${table} is declared twice: by ${what(first)} and by ${what(entity)}; a join is declared once, as one relation entity whose sides expose it`,
      );
    }
    owners.set(table, entity);
  }
};

export const compileRelations = (entities: LoadedEntity[]): CompiledRelations => {
  assertTablesOnce(entities);
  const byName = new Map(entities.map((entity) => [entity.descriptor.name, entity]));
  const sides = new Map<string, RelationSide[]>();
  const resolving: string[] = [];

  /** The relation's sides, with their keys; a side that is a relation is keyed by that relation's keys. */
  const sidesOf = (relation: LoadedEntity): RelationSide[] => {
    const known = sides.get(relation.descriptor.name);
    if (known) return known;
    const file = fileOf(relation);
    if (resolving.includes(relation.descriptor.name))
      throw new CodegenError(`${file}: a relation cannot be its own side`);
    resolving.push(relation.descriptor.name);
    const { descriptor: d, schema } = relation;
    for (const key of notForRelations) {
      if (d[key] !== undefined) {
        throw new CodegenError(`${file}: a relation takes no ${key} (its routes are declared on its sides)`);
      }
    }
    if (schema.properties?.id)
      throw new CodegenError(`${schemaFileOf(d.name)}: a relation is keyed by its sides, not by id`);
    const compiled = (d.sides ?? []).map((side, index): RelationSide => {
      const where = `${file} sides/${index}`;
      const entity = byName.get(side.entity);
      if (!entity) throw new CodegenError(`${where}: unknown entity "${side.entity}"`);
      if (isRelation(entity)) {
        if (side.key) throw new CodegenError(`${where}: a relation side is keyed by its own keys; leave key out`);
        const keys = sidesOf(entity).flatMap((s) => s.keys);
        return { entity: side.entity, keys, refTable: entity.descriptor.table ?? '', refColumns: keys.map(snakeCase) };
      }
      if (!side.key) throw new CodegenError(`${where}: a side names the relation's field holding its id (key)`);
      if (entity.descriptor.tenantScoped === false) {
        throw new CodegenError(`${where}: ${side.entity} is shared by every tenant; a relation links a tenant's rows`);
      }
      return { entity: side.entity, keys: [side.key], refTable: entity.descriptor.table ?? '', refColumns: ['id'] };
    });
    const keys = compiled.flatMap((side) => side.keys);
    const required = new Set(schema.required ?? []);
    for (const key of keys) {
      const prop = schema.properties?.[key];
      if (prop?.type !== 'string' || !required.has(key)) {
        throw new CodegenError(`${schemaFileOf(d.name)}: the key ${key} must be a required string property`);
      }
    }
    const repeated = keys.find((key, i) => keys.indexOf(key) !== i);
    if (repeated) throw new CodegenError(`${file}: both sides use the key ${repeated}`);
    sides.set(d.name, compiled);
    resolving.pop();
    return compiled;
  };

  const linked = new Map<string, LinkedRelation[]>();
  for (const relation of entities.filter(isRelation)) {
    const relationSides = sidesOf(relation);
    const keys = relationSides.flatMap((side) => side.keys);
    const attributes = Object.entries(relation.schema.properties ?? {})
      .filter(([field]) => field !== 'tenantId' && !keys.includes(field))
      .map(([field, prop]) => ({
        field,
        render: prop['x-column'] === 'timestamp' ? ('date' as const) : ('text' as const),
      }));
    const assignAttributes = attributes
      .map(({ field }) => field)
      .filter((field) => !relation.schema.properties?.[field]?.readOnly);
    for (const [index, side] of (relation.descriptor.sides ?? []).entries()) {
      if (!side.api) continue;
      const where = `${fileOf(relation)} sides/${index}/api`;
      const own = relationSides[index] as RelationSide;
      const other = relationSides[1 - index] as RelationSide;
      const source = byName.get(own.entity) as LoadedEntity;
      const target = byName.get(other.entity) as LoadedEntity;
      if (isRelation(target)) {
        throw new CodegenError(`${where}: the routes list items with ids, and ${other.entity} is a relation`);
      }
      // A relation side (a membership) gets its routes below the routes that expose that relation.
      if (!isRelation(source) && !source.descriptor.api) {
        throw new CodegenError(`${where}: ${own.entity} has no api to add routes to`);
      }
      const taken = [...(source.descriptor.relations ?? []), ...(linked.get(own.entity) ?? [])];
      if (taken.some((r) => r.name === side.api?.name)) {
        throw new CodegenError(`${where}: ${own.entity} already has a relation named ${side.api.name}`);
      }
      if (side.api.attributesAs && target.schema.properties?.[side.api.attributesAs]) {
        throw new CodegenError(
          `${where}: attributesAs ${side.api.attributesAs} is a field of ${target.descriptor.name}`,
        );
      }
      // A listed item carries its entity's list summaries (a role's usersCount): the link adds no property of those names.
      const summaryNames = (target.descriptor.api?.operations?.list?.summaries ?? []).flatMap((summary) => [
        ...(summary.count ? [summary.count] : []),
        summary.featured,
      ]);
      const added = [
        side.api.attributesAs,
        ...(side.api.embed ?? []).map((e) => e.property),
        ...(side.api.nested ?? []).map((n) => n.property),
      ];
      const clash = added.find((property) => property !== undefined && summaryNames.includes(property));
      if (clash) throw new CodegenError(`${where}: ${clash} is a list summary of ${target.descriptor.name}`);
      const { name, assignField, assignStatus, duplicateCode, createField, embed, attributesAs } = side.api;
      const { existing, assignAnswer, replace, replaceAnswer, unknownCode, pagination, segment, missingLinkCode } =
        side.api;
      const { sourceMissingCode, nested, assignByName, routes, linkEvent, readOnly, bulk, reach, offer } = side.api;
      const { changeEvent, counted } = side.api;
      if (offer) {
        const values = target.schema.properties?.[offer.field]?.enum;
        if (!values || offer.in.some((value) => !values.includes(value))) {
          throw new CodegenError(
            `${where}: offer names values of ${offer.field}, an enum field of ${target.descriptor.name}`,
          );
        }
      }
      if (bulk && !isRelation(source)) {
        throw new CodegenError(`${where}: bulk assigns below a relation's routes, and ${own.entity} is not a relation`);
      }
      const search = searchQueryOf(side.api);
      const link: LinkedRelation = {
        name,
        kind: 'linked',
        through: relation.descriptor.name,
        target: other.entity,
        table: relation.descriptor.table ?? '',
        sourceKeys: own.keys,
        targetKey: other.keys[0] as string,
        sourceColumns: own.keys.map(snakeCase),
        targetColumn: snakeCase(other.keys[0] as string),
        assignField,
        assignStatus,
        duplicateCode,
        ...(existing && existing !== 'refuse' ? { existing } : {}),
        ...(assignAnswer && assignAnswer !== 'linked' ? { assignAnswer } : {}),
        ...(replace ? { replace } : {}),
        ...(replaceAnswer === 'none' ? { replaceAnswer } : {}),
        ...(unknownCode ? { unknownCode } : {}),
        ...(segment && segment !== name ? { segment } : {}),
        ...(missingLinkCode ? { missingLinkCode } : {}),
        ...(sourceMissingCode ? { sourceMissingCode } : {}),
        ...(nested ? { nested } : {}),
        ...(assignByName ? { assignByName } : {}),
        ...(readOnly ? { readOnly } : {}),
        ...(bulk ? { bulk } : {}),
        ...(reach ? { reach } : {}),
        ...(pagination === 'optional' ? { pagination } : {}),
        ...(search.param !== 'search' || search.match !== 'pattern' ? { search } : {}),
        ...(createField ? { createField } : {}),
        ...(routes === false ? { routes } : {}),
        ...(linkEvent ? { linkEvent } : {}),
        ...(offer ? { offer } : {}),
        ...(changeEvent ? { changeEvent } : {}),
        ...(counted ? { counted } : {}),
        ...(embed ? { embed } : {}),
        attributes,
        assignAttributes,
        ...(attributesAs ? { attributesAs } : {}),
      };
      linked.set(own.entity, [...(linked.get(own.entity) ?? []), link]);
    }
  }
  for (const [entity, links] of linked) {
    for (const link of links) {
      const filled: NestedLinks[] = [];
      for (const nested of link.nested ?? []) {
        const through = (linked.get(link.through) ?? []).find((r) => r.name === nested.relation);
        const where = `${fileOf(byName.get(link.through) as LoadedEntity)}: nested ${nested.property}`;
        if (!through) throw new CodegenError(`${where}: ${link.through} has no relation named ${nested.relation}`);
        const fields = byName.get(through.target)?.schema.properties ?? {};
        const unknown = nested.fields.find((field) => !fields[field]);
        if (unknown) throw new CodegenError(`${where}: ${through.target} has no field ${unknown}`);
        // The console edits the nested links in place: it needs their target, assignment field, path segment and offer.
        filled.push({
          ...nested,
          target: through.target,
          assignField: through.assignField,
          ...(through.segment ? { segment: through.segment } : {}),
          ...(through.offer ? { offer: through.offer } : {}),
        });
      }
      if (link.nested) link.nested = filled;
    }
    for (const link of links) {
      for (const reach of link.reach ?? []) {
        const next = (linked.get(link.target) ?? []).find((r) => r.name === reach.relation);
        const where = `${fileOf(byName.get(link.through) as LoadedEntity)}: reach ${reach.name}`;
        if (!next) throw new CodegenError(`${where}: ${link.target} has no relation named ${reach.relation}`);
        if (next.sourceKeys.length !== 1) throw new CodegenError(`${where}: ${reach.relation} starts from a relation`);
      }
    }
    if (!isRelation(byName.get(entity))) continue;
    const exposed = [...linked.values()].flat().some((link) => link.through === entity);
    if (!exposed) {
      throw new CodegenError(
        `${fileOf(byName.get(links[0]?.through ?? '') as LoadedEntity)}: routes below ${entity} need a side of ${entity} that exposes it (api)`,
      );
    }
  }
  return { sides, linked };
};

/**
 * The relation a list summary or exclusion of `entity` goes through: its table, the relation's field for `entity`
 * (`key`) and for the other side (`by`), their columns, and the entity on the other side.
 */
export const linkThrough = (
  entities: LoadedEntity[],
  compiled: CompiledRelations,
  entity: string,
  relation: string,
) => {
  const sides = compiled.sides.get(relation);
  const table = entities.find((e) => e.descriptor.name === relation)?.descriptor.table;
  const own = sides?.filter((side) => side.entity === entity && side.keys.length === 1);
  const other = sides?.find((side) => side !== own?.[0]);
  if (!sides || !table || own?.length !== 1 || !own[0] || !other || other.keys.length !== 1) {
    throw new CodegenError(`${relation} is not a relation linking one ${entity} to one item of another entity`);
  }
  const key = own[0].keys[0] as string;
  const by = other.keys[0] as string;
  return { table, key, by, column: snakeCase(key), byColumn: snakeCase(by), target: other.entity };
};
