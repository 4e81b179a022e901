import type { AttemptRecord, InteractionEvent } from '../audit.js';
import type { Interaction, Request } from '../context.js';
import { type CaptchaEndpoints, captchaEndpoints } from './endpoints.js';
import { verifyCaptchaToken } from './verify.js';
import { tokenField } from './widget.js';

/** Why a form was refused for its CAPTCHA: Logto's error code, and the text the page shows. */
export interface CaptchaRefusal {
  code: 'session.captcha_required' | 'session.captcha_failed';
  message: string;
}

/**
 * The check the sign-in and registration forms pass before anything else is looked at: with the tenant's
 * `captchaPolicy` on, the provider's token must be in the form (else `session.captcha_required`, as Logto's submit
 * guard answers) and the provider must accept it (else `session.captcha_failed`, Logto's code for a refused or
 * unverifiable token). A policy on without a provider refuses every attempt (fail closed). Each refusal is
 * recorded like the form's other failed attempts (`Interaction.{event}.Submit`).
 */
export const captchaGuard = (options: {
  /** Where the providers are (default: their own addresses). */
  endpoints?: CaptchaEndpoints | undefined;
  record: (interaction: Interaction, request: Request, attempt: AttemptRecord) => void;
}) => {
  const endpoints = options.endpoints ?? captchaEndpoints();
  return async (interaction: Interaction, request: Request, event: InteractionEvent) => {
    const { captcha, tr } = interaction;
    if (!captcha) return undefined;
    const refuse = (code: CaptchaRefusal['code'], message: string, detail?: string): CaptchaRefusal => {
      const error = { code, ...(detail ? { message: detail } : {}) };
      options.record(interaction, request, { event, step: 'Submit', result: 'Error', error });
      return { code, message };
    };
    const { provider } = captcha;
    if (!provider) return refuse('session.captcha_required', tr.t('errors:captcha_unavailable'), 'No CAPTCHA provider');
    const token = request.body?.[tokenField(provider)]?.trim();
    if (!token) return refuse('session.captcha_required', tr.t('errors:session.captcha_required'));
    const verdict = await verifyCaptchaToken(provider, token, { endpoints, remoteIp: request.ip });
    if (verdict.outcome === 'passed') return undefined;
    if (verdict.outcome === 'unavailable') {
      request.log.warn({ provider: provider.type, reason: verdict.detail }, 'CAPTCHA provider unavailable');
      return refuse('session.captcha_failed', tr.t('errors:captcha_unavailable'), verdict.detail);
    }
    return refuse('session.captcha_failed', tr.t('errors:session.captcha_failed'), verdict.detail);
  };
};

export type CaptchaGuard = ReturnType<typeof captchaGuard>;
