import { type ActionOverride, created, type ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import { dropTokenSet, tokenSecretOf, tokenSecretsOf } from '../../../server/secrets/token-sets.js';
import { ssoIdentitiesOf } from '../../../server/sso/identities.js';
import { isFlagOn } from '../../../shared/query-flags.js';
import { socialProfileFrom } from './social-profile.js';
import { changeUser, objectField, readUser } from './stored-user.js';

/**
 * A user's social identities, Logto's way: the `identities` field maps a connector target (`github`, `google`)
 * to `{userId, details}`, the user's id at that platform and what it told about them. Enterprise SSO identities are
 * kept apart (`user_sso_identities`, one per connector), made by single sign-on on the sign-in pages.
 */

type Run = ActionOverride['run'];
type Input = Parameters<Run>[0];

const identitiesOf = (user: Entity) => objectField(user, 'identities');

/** Another user of the tenant already holds this identity (the same platform user under the same target). */
const heldByAnother = async ({ operations, context, id }: Input, tx: Queryable, target: string, userId: string) => {
  const { rows } = await tx.query(
    `SELECT 1 FROM "${operations.model.table}" WHERE tenant_id = $1 AND id <> $2 AND identities -> $3 ->> 'userId' = $4 LIMIT 1`,
    [context.tenantId, id, target, userId],
  );
  return rows.length > 0;
};

export const userIdentityOverrides = {
  'user.get-identity': {
    kind: 'action',
    run: async ({ context, id, params, query, operations, operationsOf, db }) => {
      const identities = identitiesOf(await readUser(context, operations, id));
      const target = params.target ?? '';
      if (!Object.hasOwn(identities, target)) throw new ApiError('user.identity_not_exist');
      const tokenSecret = isFlagOn(query.includeTokenSecret)
        ? await db.withTenant(context.tenantId, (tx) =>
            tokenSecretOf(tx, operationsOf('secret').model, context.tenantId, id, { target }),
          )
        : undefined;
      return { identity: identities[target], ...(tokenSecret ? { tokenSecret } : {}) };
    },
  },
  'user.replace-identity': {
    kind: 'action',
    run: async (input) => {
      const { context, id, params, body, operations } = input;
      const target = params.target ?? '';
      const identity = body as { userId: string; details?: Record<string, unknown> };
      return changeUser(context, operations, id, async (user, tx) => {
        if (await heldByAnother(input, tx, target, identity.userId)) {
          throw new ApiError('user.identity_already_in_use');
        }
        const identities = identitiesOf(user);
        const inserted = !Object.hasOwn(identities, target);
        return {
          values: { identities: { ...identities, [target]: identity } },
          answer: (updated) => (inserted ? created(identitiesOf(updated)) : identitiesOf(updated)),
        };
      });
    },
  },
  'user.delete-identity': {
    kind: 'action',
    // The identity's kept tokens go with it.
    run: async ({ context, id, params, operations, operationsOf }) => {
      const target = params.target ?? '';
      return changeUser(context, operations, id, async (user, tx) => {
        const identities = identitiesOf(user);
        if (!Object.hasOwn(identities, target)) throw new ApiError('user.identity_not_exist');
        await dropTokenSet(tx, operationsOf('secret').model, context.tenantId, id, { target });
        const rest = Object.fromEntries(Object.entries(identities).filter(([key]) => key !== target));
        return { values: { identities: rest }, answer: (updated) => updated };
      });
    },
  },
  'user.link-identity': {
    kind: 'action',
    // The social connector reads who the user is at the platform from what it sent back (the authorization code and
    // the redirect URI the code was issued for), as Logto's does; the identity is then the user's, unless another
    // user of the tenant holds it.
    run: async (input) => {
      const { context, id, body, operations, operationsOf } = input;
      await readUser(context, operations, id);
      const { connectorId, connectorData } = body as { connectorId: string; connectorData: Record<string, unknown> };
      const profile = await socialProfileFrom(context, operationsOf('connector'), connectorId, connectorData);
      return changeUser(context, operations, id, async (user, tx) => {
        if (await heldByAnother(input, tx, profile.target, profile.id)) {
          throw new ApiError('user.identity_already_in_use');
        }
        const identity = { userId: profile.id, details: profile.details };
        return {
          values: { identities: { ...identitiesOf(user), [profile.target]: identity } },
          answer: (updated) => identitiesOf(updated),
        };
      });
    },
  },
  'user.get-sso-identity': {
    kind: 'action',
    run: async ({ context, id, params, query, operations, operationsOf, db }) => {
      await readUser(context, operations, id);
      const ssoConnectorId = params.ssoConnectorId ?? '';
      const { tenantId } = context;
      const identities = await db.withTenant(tenantId, (tx) => ssoIdentitiesOf(tx, tenantId, [id]));
      const ssoIdentity = identities.get(id)?.find((identity) => identity.ssoConnectorId === ssoConnectorId);
      if (!ssoIdentity) throw new ApiError('user.enterprise_sso_identity_not_exists', { ssoConnectorId });
      const tokenSecret = isFlagOn(query.includeTokenSecret)
        ? await db.withTenant(tenantId, (tx) =>
            tokenSecretOf(tx, operationsOf('secret').model, tenantId, id, { ssoConnectorId }),
          )
        : undefined;
      return { ssoIdentity, ...(tokenSecret ? { tokenSecret } : {}) };
    },
  },
  'user.sso-identities': {
    kind: 'afterRead',
    run: async (items, { db, tenantId }) => {
      const identities = await ssoIdentitiesOf(
        db,
        tenantId,
        items.map((item) => String(item.id)),
      );
      return items.map((item) => ({ ...item, ssoIdentities: identities.get(String(item.id)) ?? [] }));
    },
  },
  'user.list-all-identities': {
    kind: 'action',
    run: async ({ context, id, query, operations, operationsOf, db }) => {
      const { tenantId } = context;
      const identities = identitiesOf(await readUser(context, operations, id));
      const { sso, secrets } = await db.withTenant(tenantId, async (tx) => ({
        sso: await ssoIdentitiesOf(tx, tenantId, [id]),
        secrets: isFlagOn(query.includeTokenSecret)
          ? await tokenSecretsOf(tx, operationsOf('secret').model, tenantId, id)
          : undefined,
      }));
      const withSecret = <T>(item: T, secret: unknown) => (secret ? { ...item, tokenSecret: secret } : item);
      return {
        socialIdentities: Object.entries(identities).map(([target, identity]) =>
          withSecret({ target, identity }, secrets?.social.get(target)),
        ),
        ssoIdentities: (sso.get(id) ?? []).map((ssoIdentity) =>
          withSecret(
            { ssoConnectorId: ssoIdentity.ssoConnectorId, ssoIdentity },
            secrets?.sso.get(ssoIdentity.ssoConnectorId),
          ),
        ),
      };
    },
  },
} satisfies Record<string, ServerOverride>;
