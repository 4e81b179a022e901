import { EXPORT_SEGMENT } from '../src/shared/bulk.js';
import {
  type ConsoleResource,
  type DetailTab,
  type FormModel,
  type LinkedRelation,
  listFilterOf,
  type Relation,
} from '../src/shared/descriptor.js';
import { withChosenForm } from './chosen-branches.js';
import { checkCondition, compileItemActions, compileTabLists } from './console-lists.js';
import { type BodySchemas, pickForm } from './forms.js';
import { historyTabs } from './history-tab.js';
import { listViewsOf } from './list-views.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { assertFields, form } from './model-parts.js';
import { descriptorFileOf } from './names.js';
import { recordTabOf } from './record-tab.js';

/** Assign-dialog filters (query parameter → value) must be list filters of the relation's target, with values its schema allows. */
const checkAssignFilters = (
  entity: LoadedEntity,
  relation: LinkedRelation | undefined,
  filters: Record<string, string> | undefined,
  entities: Map<string, LoadedEntity>,
  where: string,
) => {
  if (!filters) return undefined;
  const file = `${descriptorFileOf(entity.descriptor.name)}`;
  const target = relation ? entities.get(relation.target) : undefined;
  if (!relation || !target) throw new CodegenError(`${file}: ${where} assignFilters needs a linked relation`);
  const listFilters = (target.descriptor.api?.operations.list?.filters ?? []).map(listFilterOf);
  for (const [param, value] of Object.entries(filters)) {
    const field = listFilters.find((filter) => filter.param === param)?.field;
    if (!field) {
      throw new CodegenError(
        `${file}: ${where} assignFilters: "${param}" is not a list filter of ${target.descriptor.name}`,
      );
    }
    const values = target.schema.properties?.[field]?.enum;
    if (values && !values.includes(value)) {
      throw new CodegenError(
        `${file}: ${where} assignFilters: "${value}" is not a value of ${target.descriptor.name}.${field}`,
      );
    }
  }
  return { assignFilters: filters };
};

/**
 * A relation as the console calls it: the path of its links below one item and of each link's nested links, whole
 * (`/organizations/{id}/users/{targetId}/roles`), so the console fills in parameters and joins nothing.
 */
const withLinkPaths = (base: string, relation: Relation): Relation => {
  if (relation.kind !== 'linked') return relation;
  const apiPath = `${base}/{id}/${relation.segment ?? relation.name}`;
  const nested = relation.nested?.map((spec) => ({
    ...spec,
    apiPath: `${apiPath}/{targetId}/${spec.segment ?? spec.relation}`,
  }));
  return { ...relation, apiPath, ...(nested ? { nested } : {}) };
};

/** The console's part of an entity's model: routes, list columns, create form, detail tabs, texts. */
export const buildConsole = (
  entity: LoadedEntity,
  bodies: BodySchemas,
  entities: Map<string, LoadedEntity>,
  relations: Relation[],
): ConsoleResource => {
  const { descriptor: d } = entity;
  const file = `${descriptorFileOf(d.name)}`;
  const c = d.console;
  const errorFields: Record<string, string> = {};
  for (const rule of d.unique ?? []) {
    const field = rule.fields.filter((name) => name !== d.parent?.foreignKey).at(-1);
    if (field) errorFields[rule.code] = field;
  }
  // Filled in once every model is built (an assignment may carry the relation's attributes).
  const assignForms: Record<string, FormModel> = {};
  const base = {
    name: d.name,
    kind: d.kind ?? 'collection',
    apiPath: d.api?.path ?? '',
    ...(d.parent ? { parent: d.parent } : {}),
    idField: d.itemKey ?? 'id',
    operations: d.api?.operations ?? {},
    relations: relations.map((relation) => withLinkPaths(d.api?.path ?? '', relation)),
    edition: d.edition,
    requiredScopes: d.requiredScopes,
    errorFields,
    assignForms,
    ...(d.bulk ? { bulk: { export: `${d.api?.path ?? ''}/${EXPORT_SEGMENT}` } } : {}),
  };
  if (d.bulk && (!d.api?.operations.list || (d.kind ?? 'collection') !== 'collection')) {
    throw new CodegenError(`${file}: bulk export reads a collection's list`);
  }
  if (!c) {
    return {
      ...base,
      route: d.name,
      titleKey: `${d.name}.title`,
      list: { columns: [], searchPlaceholderKey: '', emptyKey: '', searchable: false },
      uiSchema: {},
    };
  }
  // A column shows a field, or a count the list adds to each item (a role's usersCount).
  const listCounts = (d.api?.operations.list?.summaries ?? []).flatMap((summary) =>
    summary.count ? [summary.count] : [],
  );
  assertFields(
    entity,
    (c.list?.columns ?? []).map((column) => column.field).filter((field) => !listCounts.includes(field)),
    'console.list.columns',
  );
  assertFields(
    entity,
    (c.list?.columns ?? []).flatMap((column) => column.fallback ?? []),
    'console.list.columns fallback',
  );
  // A label is a field, or a name the answers carry (a log's nameLookups).
  const names = (d.nameLookups ?? []).map((lookup) => lookup.as);
  assertFields(
    entity,
    (c.list?.columns ?? []).flatMap((column) =>
      column.labelField && !names.includes(column.labelField) ? [column.labelField] : [],
    ),
    'console.list.columns labelField',
  );
  assertFields(entity, c.detail?.titleFallback ?? [], 'console.detail.titleFallback');
  for (const column of c.list?.columns ?? []) {
    for (const [i, flag] of (column.flags ?? []).entries())
      checkCondition(entity, flag.when, `column ${column.field} flag ${i}`);
  }
  const banners = (c.detail?.banners ?? []).map((banner, i) => ({
    ...banner,
    ...checkCondition(entity, banner.when, `banner ${i}`),
  }));
  const actions = compileItemActions(entity, c.detail?.actions, 'detail action');
  const rowActions = compileItemActions(entity, c.list?.actions, 'list action');
  const views = listViewsOf(entity);
  if (c.palette && (!c.detail || !d.api?.operations.list?.search?.length)) {
    throw new CodegenError(`${file}: the palette finds items by the list's search and opens their detail page`);
  }
  if (c.embedded && (c.sidebar || c.detail)) {
    throw new CodegenError(`${file}: an embedded console has no pages, so no sidebar or detail`);
  }
  const showOnce = c.create?.showOnce ?? [];
  const missingShown = showOnce.find((field) => !c.create?.fields.includes(field));
  if (missingShown) throw new CodegenError(`${file}: console.create.showOnce: ${missingShown} is not a create field`);
  for (const [field, condition] of Object.entries(c.create?.when ?? {})) {
    if (!c.create?.fields.includes(field) || !c.create.fields.includes(condition.field)) {
      throw new CodegenError(`${file}: console.create.when: ${field} and ${condition.field} must be create fields`);
    }
  }
  const tabs: DetailTab[] = (c.detail?.tabs ?? []).map((tab, index) => {
    const isDefault = tab.default ?? (index === 0 && !c.detail?.tabs.some((t) => t.default));
    const when = checkCondition(entity, tab.when, `tab ${tab.key}`);
    if (isDefault && when) throw new CodegenError(`${file}: the default tab ${tab.key} cannot have a when`);
    if (tab.kind !== 'relation' && tab.assignFilters) {
      throw new CodegenError(`${file}: tab ${tab.key}: assignFilters belong to relation tabs`);
    }
    if (tab.kind === 'relation') {
      const relation = relations.find((r) => r.name === tab.relation);
      if (!relation) {
        throw new CodegenError(`${file}: tab ${tab.key} names unknown relation "${tab.relation}"`);
      }
      const more = tab.relations ?? [];
      const unknownMore = more.find((name) => !relations.some((r) => r.name === name) || name === tab.relation);
      if (unknownMore !== undefined) {
        throw new CodegenError(`${file}: tab ${tab.key} relations: "${unknownMore}" is not another relation`);
      }
      return {
        key: tab.key,
        titleKey: tab.titleKey,
        kind: 'relation',
        default: isDefault,
        relation: tab.relation ?? '',
        ...(more.length > 0 ? { relations: more } : {}),
        ...(tab.openTarget ? { openTarget: true } : {}),
        ...compileTabLists(entity, tab.key, tab.lists, entities),
        ...when,
        ...checkAssignFilters(
          entity,
          relation.kind === 'linked' ? relation : undefined,
          tab.assignFilters,
          entities,
          `tab ${tab.key}`,
        ),
      };
    }
    if (tab.kind === 'view') {
      return { key: tab.key, titleKey: tab.titleKey, kind: 'view', default: isDefault, view: tab.view ?? '', ...when };
    }
    if (tab.kind === 'log') {
      // The tab lists the entries of a log whose value filter names this item, e.g. an application's logs.
      const log = entities.get(tab.log ?? '');
      const filters = (log?.descriptor.api?.operations.list?.filters ?? []).map(listFilterOf);
      if (log?.descriptor.kind !== 'log' || !log.descriptor.console) {
        throw new CodegenError(`${file}: tab ${tab.key} names "${tab.log}", which is not a log with a console`);
      }
      if (!filters.some((filter) => filter.param === tab.filter && !filter.multiple)) {
        throw new CodegenError(`${file}: tab ${tab.key}: ${tab.log} has no single-value filter "${tab.filter}"`);
      }
      const { key, titleKey } = tab;
      return { key, titleKey, kind: 'log', default: isDefault, log: tab.log ?? '', filter: tab.filter ?? '', ...when };
    }
    const sections = (tab.sections ?? []).map((s) => ({
      titleKey: s.titleKey,
      ...(s.descriptionKey ? { descriptionKey: s.descriptionKey } : {}),
      fields: s.fields,
      ...checkCondition(entity, s.when, `tab ${tab.key} section ${s.titleKey}`),
    }));
    const fields = sections.flatMap((s) => s.fields);
    const other = recordTabOf(tab, entities, `${file} tab ${tab.key}`);
    const picked = pickForm(other?.body ?? bodies.forms.update, fields, `${file} tab ${tab.key}`);
    return {
      key: tab.key,
      titleKey: tab.titleKey,
      kind: 'form',
      default: isDefault,
      sections,
      cards: tab.cards ?? [],
      form: form(withChosenForm(picked, other?.schema ?? entity.schema)),
      ...(other ? { record: other.record } : {}),
      ...when,
    };
  });
  if (tabs.filter((tab) => tab.default).length > 1) throw new CodegenError(`${file}: more than one default tab`);
  tabs.push(...historyTabs(entity, entities, tabs));
  return {
    ...base,
    route: c.route,
    titleKey: c.titleKey,
    ...(c.subtitleKey ? { subtitleKey: c.subtitleKey } : {}),
    ...(c.sidebar ? { sidebar: c.sidebar } : {}),
    list: {
      columns: (c.list?.columns ?? []).map((column) => ({ ...column, render: column.render ?? 'text' })),
      searchPlaceholderKey: c.list?.searchPlaceholderKey ?? '',
      emptyKey: c.list?.emptyKey ?? '',
      searchable: (d.api?.operations.list?.search ?? []).length > 0,
      ...(rowActions.length > 0 ? { actions: rowActions } : {}),
      ...(views ? { views } : {}),
    },
    ...(c.embedded ? { embedded: true as const } : {}),
    ...(c.palette ? { palette: true as const } : {}),
    ...(d.api?.operations.create && c.create
      ? {
          create: {
            titleKey: c.create.titleKey,
            ...(c.create.subtitleKey ? { subtitleKey: c.create.subtitleKey } : {}),
            form: form(
              withChosenForm(pickForm(bodies.forms.create, c.create.fields, `${file} console.create`), entity.schema),
            ),
            ...(showOnce.length > 0 ? { showOnce } : {}),
            ...(c.create.when ? { when: c.create.when } : {}),
            ...(c.create.uiSchema ? { uiSchema: c.create.uiSchema } : {}),
          },
        }
      : {}),
    ...(c.detail
      ? {
          detail: {
            titleField: c.detail.titleField ?? '',
            ...(c.detail.titleFallback ? { titleFallback: c.detail.titleFallback } : {}),
            ...(c.detail.subtitleField ? { subtitleField: c.detail.subtitleField } : {}),
            tags: c.detail.tags ?? [],
            ...(banners.length > 0 ? { banners } : {}),
            ...(actions.length > 0 ? { actions } : {}),
            tabs,
          },
        }
      : {}),
    uiSchema: c.uiSchema ?? {},
  };
};
