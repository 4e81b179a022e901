import { ApiError } from '../../../server/http/api-error.js';
import type { ScriptResult } from '../../../server/scripts/protocol.js';

type Failure = Extract<ScriptResult, { ok: false }>;

/**
 * A test run's failure as Logto's management API answers it: `jwt_customizer.general`, 403 when the script denied
 * access, else 422, with the script's message (and its stack, where it has one).
 */
export const testRunError = (failure: Failure): ApiError =>
  new ApiError(
    'jwt_customizer.general',
    {},
    {
      message: failure.message,
      error: { code: failure.kind === 'denied' ? 'AccessDenied' : 'General', kind: failure.kind },
      ...(failure.stack ? { stack: failure.stack } : {}),
    },
    failure.kind === 'denied' ? 403 : 422,
  );

/** A result that is no object of claims: a script must return one (or nothing, for none). */
export const notClaims = (): Failure => ({
  ok: false,
  kind: 'runtime',
  message: 'The script must return an object of claims.',
});

export const isClaims = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
