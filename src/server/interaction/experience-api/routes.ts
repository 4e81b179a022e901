import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { oneOfField, optionalString } from '../../http/body-fields.js';
import { documentedRoute, openApiDocument, serveDocument } from '../../http/documented-routes.js';
import { signInOpen } from '../pages.js';
import { experienceRoute, saveState, startedState } from './call.js';
import { acceptCaptcha } from './captcha.js';
import { experienceApiPath } from './cookie.js';
import { registerIdentification } from './identification.js';
import { registerMfaRoutes } from './mfa-routes.js';
import { experienceOperations } from './operations.js';
import { registerProfileRoutes } from './profile-routes.js';
import { INTERACTION_EVENTS } from './state.js';
import { registerSubmit } from './submit.js';
import type { ExperienceTools } from './tools.js';
import { registerTotpBinding } from './totp-binding.js';
import { registerVerificationRoutes } from './verification-routes.js';

/**
 * Logto's Experience API (`{base}/api/experience`): the sign-in experience as JSON for sign-in pages of the tenant's
 * own (custom UI assets). It drives the same accounts, policies, lockout, codes, MFA, audit and webhooks as the
 * server-rendered pages, on the interaction of the browser's cookie.
 */
export const registerExperienceApi = async (app: FastifyInstance, tools: ExperienceTools) => {
  const { read, pages } = tools;
  await app.register(async (scope) => {
    for (const prefix of ['', '/t/:tenantId']) {
      const at = experienceApiPath(prefix);

      documentedRoute(
        scope,
        at,
        experienceOperations.start,
        experienceRoute(read, async (call) => {
          const { interaction, body, reply } = call;
          const event = oneOfField(body, 'interactionEvent', INTERACTION_EVENTS);
          const token = optionalString(body, 'captchaToken');
          if (event === 'SignIn' && !signInOpen(interaction.experience)) throw new ApiError('auth.forbidden');
          if (event === 'Register' && !(await pages.registrationOpen(interaction)))
            throw new ApiError('auth.forbidden');
          const captchaVerified = token ? await acceptCaptcha(tools, call, event, token) : false;
          await saveState(call, { event, records: [], profile: {}, captchaVerified });
          return reply.status(204).send();
        }),
      );

      documentedRoute(
        scope,
        at,
        experienceOperations.event,
        experienceRoute(read, async (call) => {
          const state = startedState(call);
          const { interaction, body, reply } = call;
          const event = oneOfField(body, 'interactionEvent', INTERACTION_EVENTS);
          // A reset never becomes a sign-in or a registration, nor the other way round.
          if (event !== state.event && (event === 'ForgotPassword' || state.event === 'ForgotPassword')) {
            throw new ApiError('session.not_supported_for_forgot_password');
          }
          if (event === 'SignIn' && !signInOpen(interaction.experience)) throw new ApiError('auth.forbidden');
          if (event === 'Register' && !(await pages.registrationOpen(interaction)))
            throw new ApiError('auth.forbidden');
          await saveState(call, { ...state, event });
          return reply.status(204).send();
        }),
      );

      documentedRoute(
        scope,
        at,
        experienceOperations.read,
        experienceRoute(read, async (call) => {
          const state = startedState(call);
          const { username, primaryEmail, primaryPhone } = state.profile;
          return {
            interactionEvent: state.event,
            ...(state.userId ? { userId: state.userId } : {}),
            profile: { username, primaryEmail, primaryPhone },
            verificationRecords: state.records.map(({ id, type, identifier, verified }) => ({
              id,
              type,
              ...(identifier ? { identifier } : {}),
              verified,
            })),
          };
        }),
      );

      registerVerificationRoutes(scope, at, tools);
      registerIdentification(scope, at, tools);
      registerProfileRoutes(scope, at, tools);
      registerMfaRoutes(scope, at, tools);
      registerTotpBinding(scope, at, tools);
      registerSubmit(scope, at, tools);
      serveDocument(scope, prefix, 'experience.openapi.json', (server) =>
        openApiDocument({
          title: 'Gatehouse Experience API',
          description:
            "The tenant's sign-in experience as JSON, for sign-in pages of its own (Logto's Experience API).",
          server,
          base: '/api/experience',
          operations: Object.values(experienceOperations),
        }),
      );
    }
  });
};
