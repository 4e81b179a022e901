/**
 * The scopes of a tenant's management API (spec: tenant permissions). `all` is Logto's one management scope: it
 * grants every data route. The data scopes split it for callers that may do less, such as a read-only collaborator
 * (`read:data` lists and opens, `write:data` also creates, changes and deletes). A scope of its own (the QA
 * service's `qa:read`) is granted only by itself, not by `all`. Descriptors name the scopes a route needs
 * (`requiredScopes`); the bearer guard, the write pipeline and the console decide with `lackedScopes`.
 */
export const FULL_ACCESS_SCOPE = 'all';

export const dataScopes = {
  read: { name: 'read:data', description: 'Read the tenant data through the management API' },
  write: { name: 'write:data', description: 'Create, change and delete the tenant data through the management API' },
} as const;

const impliedByFullAccess = Object.values(dataScopes).map((scope) => scope.name);

/** The scopes of `required` that `held` does not grant; full access grants the data scopes. */
export const lackedScopes = (held: Iterable<string>, required: readonly string[]): string[] => {
  const granted = new Set(held);
  if (granted.has(FULL_ACCESS_SCOPE)) for (const scope of impliedByFullAccess) granted.add(scope);
  return required.filter((scope) => !granted.has(scope));
};
