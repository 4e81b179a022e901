import type { ConsoleResource } from '../../shared/descriptor';
import { lackedScopes } from '../../shared/management-scopes';

/**
 * What the caller may do, decided from the scopes they hold (`all` grants the data scopes): a set of scopes grants something when it holds every
 * scope required for it (the server's rule, see the bearer guard). An empty requirement is granted to anyone signed in.
 */
export interface Access {
  scopes: ReadonlySet<string>;
  /** Holds every one of these scopes. */
  allows: (required: readonly string[]) => boolean;
  /** May list and open the entity's items (its `requiredScopes.read`). */
  canRead: (resource: Pick<ConsoleResource, 'requiredScopes'>) => boolean;
  /** May create, change and delete them (its `requiredScopes.write`). */
  canWrite: (resource: Pick<ConsoleResource, 'requiredScopes'>) => boolean;
}

export const createAccess = (scopes: Iterable<string>): Access => {
  const held = new Set(scopes);
  const allows = (required: readonly string[]) => lackedScopes(held, required).length === 0;
  return {
    scopes: held,
    allows,
    canRead: (resource) => allows(resource.requiredScopes.read),
    canWrite: (resource) => allows(resource.requiredScopes.read) && allows(resource.requiredScopes.write),
  };
};
