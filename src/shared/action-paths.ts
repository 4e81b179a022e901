/** The path parameters an action's path declares (`identities/{target}` → `['target']`), in order. */
export const actionPathParams = (path: string): string[] =>
  [...path.matchAll(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g)].map((match) => match[1] as string);

/** A descriptor's path (an entity's API path, an action's) as the router writes it: `{name}` segments become `:name`. */
export const routerPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
