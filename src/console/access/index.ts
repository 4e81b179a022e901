export { AccessProvider, SignedInAccessProvider, useAccess, useResourceAccess } from './AccessContext';
export { type Access, createAccess } from './policy';
export { RequireScopes } from './RequireScopes';
export { grantedScopes } from './scopes';
