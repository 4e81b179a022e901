import type { FastifyReply } from 'fastify';
import { finishInteraction, type Interaction, type Request } from './context.js';
import type { ConsentDetails } from './pages.js';

/** Grants what the consent prompt found missing, and finishes the prompt (no signed-in account: `wrongPrompt`). */
export const grantConsent = async (
  interaction: Interaction,
  request: Request,
  reply: FastifyReply,
  wrongPrompt: (interaction: Interaction, reply: FastifyReply) => unknown,
) => {
  const { details, oidc } = interaction;
  const missing = details.prompt.details as ConsentDetails;
  const accountId = details.session?.accountId;
  const clientId = String(details.params.client_id ?? '');
  if (!accountId) return wrongPrompt(interaction, reply);
  const { Grant } = oidc.provider;
  const grant = (details.grantId ? await Grant.find(details.grantId) : undefined) ?? new Grant({ accountId, clientId });
  if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  return finishInteraction(
    interaction,
    request,
    reply,
    { consent: details.grantId === grantId ? {} : { grantId } },
    true,
  );
};
