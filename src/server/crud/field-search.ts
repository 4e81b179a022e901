import type { InputIssue } from '../../shared/input-issue.js';
import { isFlagOn } from '../../shared/query-flags.js';
import { ApiError } from '../http/api-error.js';
import { likePattern } from '../http/search-pattern.js';

/**
 * Logto's field search on a list: `search` (every search field) and `search.<field>` values, matched as
 * `mode.<field>` or `mode` says (`exact`, `like`, `similar_to`, `posix`; `like` by default), case-insensitively
 * unless `isCaseSensitive=true`, the conditions joined by `joint` (`or` by default).
 */
export const searchModes = ['exact', 'like', 'similar_to', 'posix'] as const;
export type SearchMode = (typeof searchModes)[number];
export const searchJoints = ['or', 'and'] as const;

export interface SearchMatch {
  /** The property searched; undefined for every search field. */
  field?: string | undefined;
  mode: SearchMode;
  values: string[];
}

export interface FieldSearch {
  matches: SearchMatch[];
  joint: 'and' | 'or';
  caseSensitive: boolean;
}

/** Logto's answer to a search it cannot read: 400 `request.invalid_input`, the (first) reason in the message. */
export const searchRefusal = (issues: InputIssue[]) =>
  new ApiError('request.invalid_input', { details: `${issues[0]?.path.slice(1)}: ${issues[0]?.message}` }, { issues });

const invalid = (message: string, path: string) => searchRefusal([{ path, keyword: 'search', message, params: {} }]);

/** Whether a query issue's path names a search parameter (`search`, `search.<field>`, `mode…`, `joint…`, case). */
export const isSearchParameter = (path: string) =>
  /^\/(search|mode)(\.[^/]*)?(\/|$)|^\/(joint|jointMode|isCaseSensitive)(\/|$)/.test(path);

const valuesOf = (raw: unknown): string[] => (Array.isArray(raw) ? raw : [raw]).map(String);

/**
 * The field search a list query asks for, or undefined when it asks for none beyond a plain `search` (which the
 * list serves with its search function). Unknown fields, modes and joints answer 400 `request.invalid_input`, as
 * Logto's do.
 */
export const parseFieldSearch = (query: Record<string, unknown>, fields: string[]): FieldSearch | undefined => {
  const modes = new Map<string | undefined, SearchMode>();
  const values = new Map<string | undefined, string[]>();
  let advanced = false;
  const fieldOf = (key: string, prefix: string) => {
    if (key === prefix) return undefined;
    const field = key.slice(prefix.length + 1);
    if (!fields.includes(field)) {
      throw invalid(`Search field \`${field}\` is not allowed. Expect one of ${fields.join(', ')}.`, `/${key}`);
    }
    advanced = true;
    return field;
  };
  for (const [key, raw] of Object.entries(query)) {
    if (key === 'mode' || key.startsWith('mode.')) {
      const field = fieldOf(key, 'mode');
      const [mode] = valuesOf(raw);
      if (!searchModes.includes(mode as SearchMode)) {
        throw invalid(`Search mode \`${mode}\` is not valid, expect one of ${searchModes.join(', ')}.`, `/${key}`);
      }
      modes.set(field, mode as SearchMode);
      advanced = true;
    } else if (key === 'search' || key.startsWith('search.')) {
      values.set(fieldOf(key, 'search'), valuesOf(raw));
    }
  }
  // An empty joint is Logto's default, as no joint is.
  const joint = (valuesOf(query.joint ?? query.jointMode ?? 'or')[0] || 'or') as 'and' | 'or';
  if (!searchJoints.includes(joint)) throw invalid(`Search joint \`${joint}\` is not valid.`, '/joint');
  const caseSensitive = isFlagOn(query.isCaseSensitive);
  if (!advanced && !caseSensitive && query.joint === undefined) return undefined;
  const matches = [...values].map(([field, given]): SearchMatch => {
    const mode = modes.get(field) ?? modes.get(undefined) ?? 'like';
    const path = `/${field ? `search.${field}` : 'search'}`;
    if (given.some((value) => value === '')) throw invalid('Search value cannot be empty.', path);
    if (mode !== 'exact' && given.length !== 1) {
      throw invalid('Only one search value is allowed when search mode is not `exact`.', path);
    }
    if (mode === 'similar_to' && !caseSensitive) {
      throw invalid('Cannot use case-insensitive match for `similar_to`.', path);
    }
    // As with `search`, a pattern's unpaired trailing backslash is taken literally.
    return { field, mode, values: mode === 'like' ? given.map(likePattern) : given };
  });
  return { matches, joint, caseSensitive };
};

const operators: Record<SearchMode, [sensitive: string, insensitive: string]> = {
  exact: ['=', '='],
  like: ['LIKE', 'ILIKE'],
  similar_to: ['SIMILAR TO', 'SIMILAR TO'],
  posix: ['~', '~*'],
};

/**
 * A table's generated `<table>__search_fields(patterns, columns, operator)`, which matches inside the transaction's
 * tenant as the table owner, so its trigram indexes serve the search (row-level security keeps `ILIKE`, `~` and the
 * like from them: they are not leakproof).
 */
export interface SearchFunction {
  /** The function's quoted name. */
  name: string;
  /** The row's id, as the list's statement names it. */
  id: string;
  /** A field's column name (unquoted), as the function takes it. */
  column: (field: string) => string;
}

/** The operator the search function applies for a mode (`exact` matches as LIKE without wildcards, then exactly). */
const functionOperators: Partial<Record<SearchMode, [sensitive: string, insensitive: string]>> = {
  exact: ['~~', '~~*'],
  like: ['~~', '~~*'],
  posix: ['~', '~*'],
};

/** The search function's operator for a mode, if it serves that mode. */
export const functionOperator = (mode: SearchMode, caseSensitive: boolean): string | undefined =>
  functionOperators[mode]?.[caseSensitive ? 0 : 1];

/** A value as a LIKE pattern that matches only itself. */
const literalPattern = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The SQL condition of a field search (`AND (...)`), on the columns of `columnOf`. With `through`, each match (but
 * a `similar_to` one) first narrows the rows to the ids the table's search function finds; an exact match is then
 * tested on those rows as without it, so the results are the same.
 */
export const fieldSearchClause = (
  search: FieldSearch,
  allFields: string[],
  columnOf: (field: string) => string,
  params: unknown[],
  through?: SearchFunction,
): string => {
  if (search.matches.length === 0) return '';
  const conditions = search.matches.map(({ field, mode, values }) => {
    const fields = field ? [field] : allFields;
    const lower = mode === 'exact' && !search.caseSensitive;
    const given = lower ? values.map((value) => value.toLowerCase()) : values;
    const indexed = through && functionOperator(mode, search.caseSensitive);
    let narrowed = '';
    if (through && indexed) {
      params.push(mode === 'exact' ? given.map(literalPattern) : given, fields.map(through.column));
      narrowed = `${through.id} IN (SELECT ${through.name}($${params.length - 1}::text[], $${params.length}::text[], '${indexed}'))`;
      if (mode !== 'exact') return `(${narrowed})`;
    }
    params.push(given.length === 1 ? given[0] : given);
    const value = given.length === 1 ? `$${params.length}` : `ANY($${params.length}::text[])`;
    const operator = operators[mode][search.caseSensitive ? 0 : 1];
    const columns = fields.map((f) => (lower ? `lower(${columnOf(f)})` : columnOf(f)));
    const tested = `(${columns.map((column) => `${column} ${operator} ${value}`).join(' OR ')})`;
    return narrowed ? `(${narrowed} AND ${tested})` : tested;
  });
  return ` AND (${conditions.join(search.joint === 'and' ? ' AND ' : ' OR ')})`;
};

/** PostgreSQL's answer to a pattern it cannot read (a bad regular expression, a LIKE pattern's escape). */
const patternErrors = new Set(['2201B', '22025', '22019']);

/** A pattern the database refused is the caller's bad input (400), not a server failure. */
export const asSearchError = (error: unknown): unknown => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && patternErrors.has(code)) {
    return invalid(`The search pattern is invalid: ${(error as Error).message}`, '/search');
  }
  return error;
};
