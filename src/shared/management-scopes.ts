/**
 * The scopes of a tenant's management API (spec: tenant permissions). `all` is Logto's one management scope and
 * grants every route; the data scopes split it for callers that may do less, such as a read-only collaborator
 * (`read:data` lists and opens, `write:data` also creates, changes and deletes). Descriptors name the scopes a
 * route needs (`requiredScopes`); the bearer guard, the write pipeline and the console decide with `lackedScopes`.
 */
export const FULL_ACCESS_SCOPE = 'all';

export const dataScopes = {
  read: { name: 'read:data', description: 'Read the tenant data through the management API' },
  write: { name: 'write:data', description: 'Create, change and delete the tenant data through the management API' },
} as const;

/** The scopes of `required` that `held` does not grant (none when it holds full access). */
export const lackedScopes = (held: Iterable<string>, required: readonly string[]): string[] => {
  const set = held instanceof Set ? (held as Set<string>) : new Set(held);
  return set.has(FULL_ACCESS_SCOPE) ? [] : required.filter((scope) => !set.has(scope));
};
