import { type EntityModel, listFilterOf } from '../../src/shared/descriptor.js';
import {
  CAPPED_HEADER,
  COUNT_CAP,
  CURSOR_PARAM,
  ENABLE_CAP_PARAM,
  type LogFilterModel,
  NEXT_CURSOR_HEADER,
} from '../../src/shared/entity-kinds.js';
import type { JSONSchema7 } from '../../src/shared/json-schema.js';
import { FLAG_VALUES_TEXT } from '../../src/shared/query-flags.js';
import type { DbIndex } from '../db-schema.js';
import { CodegenError, type LoadedEntity } from '../load.js';
import { descriptorFileOf, snakeCase } from '../names.js';
import type { QueryParameter } from '../query-parameter.js';

const reserved = ['page', 'page_size', CURSOR_PARAM, ENABLE_CAP_PARAM];

/**
 * A log is read-only and listed at volume: its list filters by time range, by prefix and by values, pages by
 * keyset, and never searches with a pattern (a search would read every row). Codegen checks that the filters name
 * fields of the right type and that the console labels every one of them.
 */
export const logModel = (entity: LoadedEntity, model: EntityModel): EntityModel => {
  const { descriptor: d, schema } = entity;
  const file = `${descriptorFileOf(d.name)}`;
  const list = d.api?.operations.list;
  const properties = schema.properties ?? {};
  if ((list?.search ?? []).length > 0 || (list?.exclude ?? []).length > 0 || (list?.summaries ?? []).length > 0) {
    throw new CodegenError(
      `${file}: a log filters by range, prefix and values; it has no search, exclude or summaries`,
    );
  }
  if (list?.pagination !== 'required') {
    throw new CodegenError(
      `${file}: a log always pages (Logto's default of 20); set api.operations.list.pagination to required`,
    );
  }
  const ranges = list?.ranges ?? [];
  const prefixes = list?.prefixes ?? [];
  for (const range of ranges) {
    if (properties[range.field]?.['x-column'] !== 'timestamp') {
      throw new CodegenError(`${file}: range ${range.from}/${range.to}: ${range.field} is not a timestamp field`);
    }
  }
  for (const prefix of prefixes) {
    if (properties[prefix.field]?.type !== 'string' || properties[prefix.field]?.['x-column']) {
      throw new CodegenError(`${file}: prefix ${prefix.param}: ${prefix.field} is not a string field`);
    }
  }
  const values = model.listFilters;
  const params = [
    ...ranges.flatMap((r) => [r.from, r.to]),
    ...prefixes.map((p) => p.param),
    ...values.map((v) => v.param),
  ];
  const repeated = params.find((param, i) => params.indexOf(param) !== i || reserved.includes(param));
  if (repeated) throw new CodegenError(`${file}: api.operations.list uses the query parameter ${repeated} twice`);

  let logFilters: LogFilterModel | undefined;
  const labels = d.console?.filterLabels;
  if (d.console) {
    const labelled = [...ranges.map((r) => r.from), ...prefixes.map((p) => p.param), ...values.map((v) => v.param)];
    const missing = labelled.filter((param) => !labels?.[param]);
    const unknown = Object.keys(labels ?? {}).filter((param) => !labelled.includes(param));
    if (missing.length || unknown.length) {
      throw new CodegenError(
        `${file}: console.filterLabels ${missing.length ? `lacks ${missing.join(', ')}` : `names no filter ${unknown.join(', ')}`}`,
      );
    }
    const label = (param: string) => labels?.[param] ?? '';
    logFilters = {
      ranges: ranges.map((range) => ({ ...range, labelKey: label(range.from) })),
      prefixes: prefixes.map((prefix) => ({ ...prefix, labelKey: label(prefix.param) })),
      values: (list?.filters ?? []).map(listFilterOf).map((filter) => ({
        ...filter,
        options: (properties[filter.field]?.enum ?? []).filter((value): value is string => typeof value === 'string'),
        labelKey: label(filter.param),
      })),
    };
  }
  // Logs are counted by their filters (or capped), not by row counters.
  return { ...model, countRows: false, countBy: [], ...(logFilters ? { logFilters } : {}) };
};

/** The query parameters a log list adds: its ranges and prefixes, the keyset cursor and Logto's capped count. */
export const logParameters = (model: EntityModel): QueryParameter[] => {
  if (model.kind !== 'log') return [];
  const list = model.operations.list;
  return [
    ...(list?.ranges ?? []).flatMap((range): QueryParameter[] => [
      {
        name: range.from,
        description: `Only entries whose ${range.field} is ${range.inclusive ? 'at or after' : 'after'} this instant (Unix milliseconds, ${range.inclusive ? 'inclusive' : 'exclusive'}).${range.defaultWindowHours ? ` Without ${range.from} and ${range.to}, the last ${range.defaultWindowHours} hours.` : ''}`,
        schema: { type: 'integer', minimum: 0 },
      },
      {
        name: range.to,
        description: `Only entries whose ${range.field} is ${range.inclusive ? 'at or before' : 'before'} this instant (Unix milliseconds, ${range.inclusive ? 'inclusive' : 'exclusive'}).`,
        schema: { type: 'integer', minimum: 0 },
      },
    ]),
    ...(list?.prefixes ?? []).map(
      (prefix): QueryParameter => ({
        name: prefix.param,
        description: `Only entries whose ${prefix.field} starts with this text.`,
        schema: { type: 'string', minLength: 1 },
      }),
    ),
    {
      name: CURSOR_PARAM,
      description:
        'Keyset paging: the Next-Cursor header of the previous page (empty for the first page). Pages by position instead of page number, answers no Total-Number, and stays fast however many entries there are.',
      schema: { type: 'string' },
    },
    {
      name: ENABLE_CAP_PARAM,
      description: `With ${FLAG_VALUES_TEXT}, the count stops at 10,000 entries: Total-Number is then 10001 with Total-Number-Is-Capped: true, and Link names no next or last page.`,
      schema: { type: 'string' },
    },
  ];
};

/**
 * Indexes that serve a log's list: newest first within the parent, each exact filter followed by the order, and
 * each prefix with pattern operators (a `LIKE 'prefix%'` reads only the matching range whatever the collation).
 */
export const logIndexes = (model: EntityModel): DbIndex[] => {
  if (model.kind !== 'log') return [];
  const parent = model.parent ? [snakeCase(model.parent.foreignKey)] : [];
  const list = model.operations.list;
  const index = (columns: string[], pattern?: string): DbIndex => ({
    name: `${model.table}__${columns.join('__')}${pattern ? '__prefix' : ''}`,
    columns: ['tenant_id', ...columns],
    unique: false,
    method: 'btree',
    ...(pattern ? { patternColumns: [pattern] } : {}),
  });
  const indexes: DbIndex[] = [];
  if (parent.length) indexes.push(index([...parent, 'created_at', 'id']));
  for (const filter of model.listFilters) {
    indexes.push(index([...parent, snakeCase(filter.field), 'created_at', 'id']));
  }
  for (const prefix of list?.prefixes ?? []) {
    const column = snakeCase(prefix.field);
    indexes.push(index([...parent, column], column));
  }
  return indexes;
};

/** What a log list answers besides Logto's `Total-Number` and `Link`. */
export const logListHeaders = {
  [CAPPED_HEADER]: {
    description: `"true" when enableCap=true and the count stopped at its cap (Total-Number is then ${COUNT_CAP + 1}).`,
    schema: { type: 'string' },
  },
  [NEXT_CURSOR_HEADER]: {
    description: 'Keyset paging (with the cursor parameter): the cursor of the next page; absent on the last page.',
    schema: { type: 'string' },
  },
};

/** A log's answer with the names its lookups add: each an optional string, absent when the item does not exist. */
export const withNameLookups = (model: EntityModel, schema: JSONSchema7): JSONSchema7 => {
  if (!model.nameLookups?.length) return schema;
  const names = Object.fromEntries(
    model.nameLookups.map((lookup): [string, JSONSchema7] => [
      lookup.as,
      {
        type: 'string',
        readOnly: true,
        description: `The name of the ${lookup.entity} in ${lookup.field} (its ${lookup.from.join(', else ')}) when that ${lookup.entity} exists${lookup.consoleTenant ? ` in the tenant or among the console's own` : ''}; absent otherwise. Not in Logto's answer.`,
      },
    ]),
  );
  return { ...schema, properties: { ...schema.properties, ...names } };
};
