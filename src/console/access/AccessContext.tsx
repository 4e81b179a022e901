import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ConsoleResource } from '../../shared/descriptor';
import { useAuth } from '../auth/AuthContext';
import { AuthPending } from '../screens/AuthPending';
import { type Access, createAccess } from './policy';
import { grantedScopes } from './scopes';
import { useTenantScopes } from './tenant-scopes';

/** Outside a provider nothing is granted: a piece rendered without a caller shows nothing it would have to guard. */
const AccessContext = createContext<Access>(createAccess([]));

/** Provides what a caller holding these scopes may do. */
export const AccessProvider = ({ scopes, children }: { scopes: readonly string[]; children: ReactNode }) => {
  const key = [...scopes].sort().join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sorted scope list is the identity of the access
  const access = useMemo(() => createAccess(scopes), [key]);
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
};

/**
 * The signed-in caller's access, from the scopes of the console's access token (renewals included); on a cloud
 * tenant's pages, from the tenant's organization token (the member's tenant permissions), shown once it is known.
 */
export const SignedInAccessProvider = ({ children }: { children: ReactNode }) => {
  const { user } = useAuth();
  const tenantScopes = useTenantScopes(user);
  const scopes = useMemo(() => tenantScopes ?? grantedScopes(user?.access_token, user?.scope), [user, tenantScopes]);
  if (tenantScopes === null) return <AuthPending />;
  return <AccessProvider scopes={scopes}>{children}</AccessProvider>;
};

export const useAccess = (): Access => useContext(AccessContext);

/** Whether the caller may read and write this entity's items. */
export const useResourceAccess = (resource: ConsoleResource) => {
  const access = useAccess();
  return { read: access.canRead(resource), write: access.canWrite(resource) };
};
