import type { SignInMethodModule } from '../method.js';
import { socialEntry } from './entry.js';
import { socialRoutes } from './routes.js';
import { socialAccountSteps } from './sign-up.js';

/** Signing in and signing up with a social connector's provider (OpenID Connect, OAuth 2.0). */
export const socialMethod: SignInMethodModule = {
  ...socialEntry,
  routes: socialRoutes,
  completeSignUp: (interaction, pending, tools) => socialAccountSteps(tools, interaction.tenantId, pending),
};
