import type { SignInMethodModule } from '../method.js';
import { ssoClaim } from './claim.js';
import { ssoEntry } from './entry.js';
import { resumeIdpInitiated } from './idp-initiated.js';
import { ssoRoutes } from './routes.js';

/** Single sign-on with the tenant's enterprise SSO connectors (OpenID Connect, SAML). */
export const ssoMethod: SignInMethodModule = {
  ...ssoEntry,
  routes: ssoRoutes,
  claim: ssoClaim,
  resume: resumeIdpInitiated,
};
