import { ApiError } from '../../http/api-error.js';
import type { InteractionEvent } from '../audit.js';
import { tokenField } from '../captcha/widget.js';
import type { ExperienceCall } from './call.js';
import type { ExperienceTools } from './tools.js';

/**
 * Checks a CAPTCHA token given when the interaction starts, with the tenant's provider: true when accepted, 422
 * `session.captcha_failed` (or `captcha_required` without a provider) when refused, false when the tenant asks none.
 */
export const acceptCaptcha = async (
  tools: ExperienceTools,
  call: ExperienceCall,
  event: InteractionEvent,
  token: string,
): Promise<boolean> => {
  const { interaction, request } = call;
  const provider = interaction.captcha?.provider;
  if (!interaction.captcha) return false;
  const fields = provider ? { [tokenField(provider)]: token } : {};
  // The sign-in pages' check, reading the token where a page's form carries it (the request itself otherwise).
  const asForm = Object.assign(Object.create(request) as typeof request, { body: fields });
  const refused = await tools.captcha(interaction, asForm, event);
  if (refused) throw new ApiError(refused.code);
  return true;
};

/** Where the tenant's `captchaPolicy` asks for a CAPTCHA, the interaction must have passed one: else 422. */
export const requireCaptcha = (call: ExperienceCall) => {
  if (call.interaction.captcha && !call.state?.captchaVerified) throw new ApiError('session.captcha_required');
};
