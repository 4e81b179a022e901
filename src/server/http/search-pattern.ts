/**
 * A `search` parameter is an ILIKE pattern (`%` and `_` are wildcards, a backslash escapes the next character). A
 * pattern ending in an unpaired backslash escapes nothing, which PostgreSQL refuses; that backslash is taken
 * literally instead, so every pattern a caller sends is a valid one.
 */
export const likePattern = (search: string): string => {
  const trailing = /\\+$/.exec(search)?.[0].length ?? 0;
  return trailing % 2 === 1 ? `${search}\\` : search;
};
