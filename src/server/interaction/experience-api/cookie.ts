import type { FastifyReply } from 'fastify';
import type { Interaction, Request } from '../context.js';

/** Where the tenant's Experience API is: `{base}/api/experience`. */
export const experienceApiPath = (basePath: string) => `${basePath}/api/experience`;

/**
 * The interaction's cookie for the Experience API's path. The provider scopes its own cookie to the interaction's
 * page (`{base}/interaction/{uid}`), so each page finds its own interaction; the page shares it with the API below
 * the tenant's base, signed with the provider's keys as the provider's own, for as long as the interaction lives.
 */
export const shareWithExperienceApi = (interaction: Interaction, request: Request, reply: FastifyReply) => {
  const { provider, basePath } = interaction.oidc;
  const ctx = provider.createContext(request.raw, reply.raw);
  const maxAge = Math.max(0, interaction.details.exp * 1000 - Date.now());
  ctx.cookies.set(provider.cookieName('interaction'), interaction.details.uid, {
    httpOnly: true,
    sameSite: 'lax',
    path: experienceApiPath(basePath),
    maxAge,
  });
};
