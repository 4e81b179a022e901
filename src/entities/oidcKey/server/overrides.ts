import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { deleteKey, keyTablesOf, listKeys, rotateKeys, StagedRotationPending } from '../../../server/oidc/key-store.js';
import { isKeyType, type KeyType, keyView, type SigningKeyAlgorithm } from '../../../server/oidc/keys.js';

type Run = Parameters<ActionOverride['run']>[0];

/** The `{keyType}` of the path, `private-keys` or `cookie-keys` (its `paramsSchema` refuses others with 400). */
const keyTypeOf = ({ params }: Run): KeyType => {
  const keyType = params.keyType;
  if (!isKeyType(keyType)) throw new Error(`Unchecked key type ${keyType}`);
  return keyType;
};

/** The key tables of the entities the server serves. */
const tablesOf = ({ models }: Run) => keyTablesOf({ models });

/** The tenant's provider picks up the stored keys on its next request. */
const keysChanged = ({ request, context }: Run) => {
  if (request.server.hasDecorator('identity')) request.server.identity.keysChanged(context.tenantId);
};

const list: ActionOverride = {
  kind: 'action',
  run: async (input) =>
    (await listKeys(input.db, tablesOf(input), input.context.tenantId, keyTypeOf(input))).map(keyView),
};

const rotate: ActionOverride = {
  kind: 'action',
  run: async (input) => {
    const type = keyTypeOf(input);
    const { signingKeyAlgorithm, rotationGracePeriod } = input.body as {
      signingKeyAlgorithm?: SigningKeyAlgorithm;
      rotationGracePeriod?: number;
    };
    // Cookie keys rotate at once only (Logto's 422 for a grace period, even 0).
    if (rotationGracePeriod !== undefined && type !== 'private-keys') throw new ApiError('oidc.invalid_request');
    const keys = await rotateKeys(
      input.db,
      tablesOf(input),
      input.context.tenantId,
      type,
      signingKeyAlgorithm ?? 'EC',
      rotationGracePeriod ?? 0,
    ).catch((error: unknown) => {
      // An immediate rotation while a staged key waits (Logto's 422).
      if (error instanceof StagedRotationPending) throw new ApiError('oidc.invalid_request');
      throw error;
    });
    keysChanged(input);
    return keys.map(keyView);
  },
};

const remove: ActionOverride = {
  kind: 'action',
  run: async (input) => {
    const keyId = input.params.keyId ?? '';
    const outcome = await deleteKey(input.db, tablesOf(input), input.context.tenantId, keyTypeOf(input), keyId);
    if (outcome === 'last-key') throw new ApiError('oidc.key_required');
    if (outcome === 'not-found') throw new ApiError('oidc.key_not_found', { id: keyId });
    if (outcome === 'not-previous') throw new ApiError('oidc.only_previous_key_can_be_deleted');
    keysChanged(input);
    return undefined;
  },
};

export const oidcKeyOverrides = {
  'oidcKey.list': list,
  'oidcKey.rotate': rotate,
  'oidcKey.delete': remove,
} satisfies Record<string, ServerOverride>;
