import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BreachCheck } from '../../../entities/user/server/account/password-policy.js';
import type { SecuritySettings } from '../../../entities/user/server/account/security-settings.js';
import type { UserStore } from '../../../entities/user/server/account/store.js';
import type { EntityModel } from '../../../shared/descriptor.js';
import type { ServerEdition } from '../../crud/context.js';
import type { CreateSteps } from '../../crud/contracts.js';
import type { Database } from '../../db/database.js';
import type { Outbox } from '../../messages/outbox.js';
import type { TenantProviders } from '../../oidc/providers.js';
import type { SecretVault } from '../../secrets/vault.js';
import type { interactionAudit } from '../audit.js';
import type { CaptchaGuard } from '../captcha/guard.js';
import type { Interaction, InteractionHandler, Request } from '../context.js';
import type { mfaFlow } from '../mfa/flow.js';
import type { interactionPages } from '../pages.js';
import type { PendingIdentity } from '../registration/pending-identity.js';
import type { Sentinel } from '../sentinel.js';
import type { signInActions } from '../sign-in-actions.js';
import type { Passcodes } from '../verification-code/passcodes.js';
import type { SignInMethodEntry } from './entry.js';

/** What the sign-in pages lend each method's routes. */
export interface MethodTools {
  /** The server's edition (the cloud's admin tenant registers every console account). */
  edition: ServerEdition;
  /** Wraps a handler: loads the interaction, turns an unexpected failure into an error page. */
  page: (handler: InteractionHandler) => (request: Request, reply: FastifyReply) => Promise<unknown>;
  db: Database;
  /** The tenants' OpenID providers: a route outside an interaction's cookie finds its interaction there. */
  providers: TenantProviders;
  /** The model of an entity the server serves (from its catalog). */
  modelOf: (entity: string) => EntityModel;
  users: UserStore;
  sentinel: Sentinel;
  audit: ReturnType<typeof interactionAudit>;
  /** The pages every method may show: sign-in (with an error), registration, lockout, error. */
  pages: ReturnType<typeof interactionPages>;
  /** The common tail once a user is identified: MFA, then the end of the interaction. */
  flow: ReturnType<typeof mfaFlow>;
  /** The tenant's CAPTCHA check. */
  captcha: CaptchaGuard;
  passcodes: Passcodes;
  outbox: Outbox;
  settingsOf: (tenantId: string) => Promise<SecuritySettings>;
  breached?: BreachCheck | undefined;
  /** The secret vault, where providers' tokens are kept for connectors that store them; unset, none are kept. */
  vault?: SecretVault | undefined;
  /**
   * Where another method claims the identifier typed into a form (an email of a domain with single sign-on): that
   * method's answer, sent; undefined when no method claims it.
   */
  claimed: (interaction: Interaction, reply: FastifyReply, identifier: string) => Promise<unknown>;
  /** A first-factor action may verify a password that did not match (the password method asks it). */
  verifiedByAction: ReturnType<typeof signInActions>['verifiedByAction'];
}

/** A sign-in method with its routes below the interaction (`…/interaction/:uid`). */
export interface SignInMethodModule extends SignInMethodEntry {
  /**
   * Continues, on the sign-in page's first screen, a sign-in begun elsewhere (an identity provider's own SAML
   * response): sends its answer, or leaves the page to show (undefined).
   */
  resume?: (interaction: Interaction, request: Request, reply: FastifyReply, tools: MethodTools) => Promise<unknown>;
  /** Takes over a sign-in by an identifier this method must serve (sends its answer), or leaves it (undefined). */
  claim?: (interaction: Interaction, reply: FastifyReply, identifier: string, tools: MethodTools) => Promise<unknown>;
  /**
   * The steps that give a new account the identity this method verified and left pending while sign-up asked for
   * more (`registration/pending-identity.ts`), run in the transaction that creates the account; refused with
   * `user.identity_already_in_use` when another account took the identity meanwhile.
   */
  completeSignUp?: (interaction: Interaction, pending: PendingIdentity, tools: MethodTools) => CreateSteps;
  /** `at` is `{prefix}/interaction/:uid`; `prefix` the tenant's (`''` or `/t/:tenantId`), for fixed URLs of its own. */
  routes: (scope: FastifyInstance, at: string, tools: MethodTools, prefix: string) => void;
}
