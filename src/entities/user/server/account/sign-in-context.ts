import { type RequestContext, systemContext } from '../../../../server/crud/context.js';

/** A write the sign-in pages make on a user's account, attributed to that user (a sign-in, a reset, MFA factors). */
export const signInContext = (tenantId: string, userId: string): RequestContext => ({
  ...systemContext(tenantId, 'sign-in'),
  actor: { kind: 'user', id: userId },
});
