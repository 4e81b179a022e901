import type { AuthFailure } from './session-types';

/** OpenID errors that end the session: the grant is gone or the resource is not (any longer) available. */
const sessionEndingErrors = new Set(['invalid_grant', 'invalid_target', 'login_required', 'consent_required']);

const oidcErrorOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { error?: unknown }).error === 'string'
    ? (error as { error: string }).error
    : undefined;

/** True when the error is the provider saying the session is over (spec §8: a new sign-in follows). */
export const endsSession = (error: unknown) => sessionEndingErrors.has(oidcErrorOf(error) ?? '');

/** Why a sign-in failed, for the failure screen: Web Crypto missing (no secure context), or the provider's error. */
export const signInFailureOf = (error: unknown, secureContext: boolean): AuthFailure => {
  const code = oidcErrorOf(error);
  const description =
    typeof (error as { error_description?: unknown })?.error_description === 'string'
      ? (error as { error_description: string }).error_description
      : error instanceof Error
        ? error.message
        : undefined;
  const insecure = !secureContext || /crypto|subtle/i.test(description ?? '');
  if (insecure && !code) return { reason: 'insecure_context' };
  return { reason: 'sign_in_failed', ...(code ? { code } : {}), ...(description ? { message: description } : {}) };
};
