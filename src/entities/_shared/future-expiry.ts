import { ApiError } from '../../server/http/api-error.js';

/**
 * A credential the server makes (an application secret, a personal access token) cannot be born expired: an
 * `expiresAt` at or before now answers 400 at `/expiresAt`, as Logto does.
 */
export const refusePastExpiry = (values: Record<string, unknown>) => {
  const expiresAt = values.expiresAt;
  if (typeof expiresAt !== 'number' || expiresAt > Date.now()) return;
  const message = 'The value of `expiresAt` must be in the future.';
  throw new ApiError(
    'request.invalid_input',
    { details: message },
    { issues: [{ path: '/expiresAt', keyword: 'future', message, params: {} }] },
  );
};
