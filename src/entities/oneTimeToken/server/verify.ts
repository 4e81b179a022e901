import type { ActionOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { statusNow } from './status.js';

type ActionInput = Parameters<ActionOverride['run']>[0];

/** Why a token cannot be used now (Logto's codes, in Logto's order), or nothing when it can. */
const refusal = (token: Entity, email: string): ApiError | undefined => {
  if (token.email !== email) return new ApiError('one_time_token.email_mismatch');
  const status = statusNow(token);
  if (status === 'expired') return new ApiError('one_time_token.token_expired');
  if (status === 'consumed') return new ApiError('one_time_token.token_consumed');
  if (status === 'revoked') return new ApiError('one_time_token.token_revoked');
  return undefined;
};

/**
 * `POST /api/one-time-tokens/verify`: the token of this email, active and not expired, becomes consumed. The check
 * is made again under the token's row lock, so of two verifications racing only one succeeds.
 */
export const verifyOneTimeToken = async ({ context, body, operations }: ActionInput) => {
  const token = String(body.token);
  const email = String(body.email);
  const found = await operations.read(context, (tx) =>
    operations.repository.findBy(tx, { tenantId: context.tenantId }, { token }),
  );
  if (!found) throw new ApiError('one_time_token.token_not_found', { token });
  const consumed = await operations.changeInternal(context, String(found.id), (stored) => {
    const refused = refusal(stored, email);
    if (refused) throw refused;
    return { status: 'consumed' };
  });
  if (!consumed) throw new ApiError('one_time_token.token_not_found', { token });
  return consumed;
};

/** `PUT /api/one-time-tokens/{id}/status`: consumed, revoked or expired; never active again. */
export const setOneTimeTokenStatus = async ({ context, id, body, operations }: ActionInput) => {
  const status = String(body.status);
  if (status === 'active') throw new ApiError('one_time_token.cannot_reactivate_token');
  const changed = await operations.changeInternal(context, id, () => ({ status }));
  if (!changed) throw operations.notFound(id, undefined, 'get');
  return changed;
};
