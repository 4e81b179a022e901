import type { SearchQuery } from '../../shared/descriptor.js';

/**
 * A `search` parameter is an ILIKE pattern (`%` and `_` are wildcards, a backslash escapes the next character). A
 * pattern ending in an unpaired backslash escapes nothing, which PostgreSQL refuses; that backslash is taken
 * literally instead, so every pattern a caller sends is a valid one.
 */
export const likePattern = (search: string): string => {
  const trailing = /\\+$/.exec(search)?.[0].length ?? 0;
  return trailing % 2 === 1 ? `${search}\\` : search;
};

/**
 * A list's ILIKE pattern from its query, if one is given: the search parameter's value as a pattern, or (`contains`)
 * the value to find anywhere in a field (`%value%`, its own `%` and `_` still wildcards, as Logto's `q`).
 */
export const searchOf = (query: Record<string, unknown>, { param, match }: SearchQuery): string | undefined => {
  const search = query[param];
  if (typeof search !== 'string' || search.length === 0) return undefined;
  return match === 'contains' ? `%${likePattern(search)}%` : likePattern(search);
};
