import type { FastifyBaseLogger } from 'fastify';
import { keepTokenSet, type SealedTokenSet, type TokenSetOwner } from '../../secrets/token-sets.js';
import type { TokenSet } from '../../secrets/vault.js';
import type { MethodTools } from './method.js';

type Tools = Pick<MethodTools, 'vault' | 'db' | 'modelOf'>;

/**
 * A provider's tokens sealed for the vault, where the connector stores tokens (`enableTokenStorage`) and the answer
 * has an access token; undefined otherwise, and (with a warning) where the server has no vault key
 * (SECRET_VAULT_KEK): the sign-in goes on without them.
 */
export const sealProviderTokens = (
  tools: Tools,
  enabled: boolean,
  tokens: TokenSet | undefined,
  log: FastifyBaseLogger,
): SealedTokenSet | undefined => {
  if (!enabled || !tokens?.access_token) return undefined;
  if (!tools.vault) {
    log.warn('token storage is on for a connector, but SECRET_VAULT_KEK is not set: no tokens kept');
    return undefined;
  }
  return tools.vault.sealTokenSet(tokens);
};

/** Keeps the sealed tokens for the user (replacing those of the same identity), in a transaction of their own. */
export const keepProviderTokens = async (
  tools: Tools,
  tenantId: string,
  userId: string,
  owner: TokenSetOwner,
  sealed: SealedTokenSet | undefined,
) => {
  if (!sealed) return;
  await tools.db.withTenant(tenantId, (tx) =>
    keepTokenSet(tx, tools.modelOf('secret'), tenantId, userId, owner, sealed),
  );
};
