import { generateId } from '../../../server/crud/ids.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { refusePastExpiry } from '../../_shared/future-expiry.js';
import { assertStoredRules } from '../../applicationAccessControl/server/rules.js';
import { releaseProtectedApp, withNewProtectedApp, withProtectedAppChange } from './protected-app.js';
import { protectedAppDomainOverrides } from './protected-app-domains.js';

/** Client secrets are the server's to make: 32 random characters, shown to the caller once at creation. */
export const newClientSecret = () => generateId(32);

/**
 * Logto's internal secret: what an application that authenticates with no secret (a single page or native app),
 * or one whose legacy secret was deleted, holds in its place; never answered (Logto's `internal_` prefix).
 */
const INTERNAL = 'internal_';
const internalSecret = () => `${INTERNAL}${generateId(32)}`;
const withoutSecretTypes = new Set(['SPA', 'Native']);

const machineToMachine = 'MachineToMachine';

/** A SAML application is made, changed and deleted through `/saml-applications` only (Logto's 400). */
const SAML = 'SAML';
const refuseSaml = (type: unknown) => {
  if (type === SAML) throw new ApiError('application.saml.use_saml_app_api');
};
/** Only a native app signs its users in by the device flow (Logto's 422). */
const refuseDeviceFlow = (type: unknown, custom: unknown) => {
  if (type !== 'Native' && (custom as { isDeviceFlow?: unknown } | undefined)?.isDeviceFlow === true) {
    throw new ApiError('application.device_flow_native_only');
  }
};
/** Whether an application signs users in by the device flow, set once at creation (Logto's 422 for a change). */
const refuseDeviceFlowChange = (stored: unknown, custom: unknown) => {
  if (custom === undefined) return;
  const isDevice = (value: unknown) => (value as { isDeviceFlow?: unknown } | undefined)?.isDeviceFlow === true;
  if (isDevice(custom) !== isDevice(stored)) throw new ApiError('application.device_flow_not_changeable');
};
/** A third party's users never exchange tokens there (Logto's 422). */
const refuseThirdPartyExchange = (isThirdParty: unknown, custom: unknown) => {
  if (isThirdParty === true && (custom as { allowTokenExchange?: unknown } | undefined)?.allowTokenExchange === true) {
    throw new ApiError('application.third_party_application_cannot_enable_token_exchange');
  }
};
/** A third party signs its users in: a traditional web, single page or native app (Logto's 400). */
const thirdPartyTypes = new Set(['Traditional', 'SPA', 'Native']);
const refuseThirdPartyType = (type: unknown, isThirdParty: unknown) => {
  if (isThirdParty === true && !thirdPartyTypes.has(String(type))) {
    throw new ApiError('application.invalid_third_party_application_type');
  }
};
/** What the applications routes show of a SAML application's OpenID client: none of it (it is the server's). */
const maskedSamlClient = { redirectUris: [], postLogoutRedirectUris: [] };

export const applicationOverrides = {
  /**
   * Not a SAML application's; enabling app-level access control needs a rule to let someone in (Logto's 422).
   */
  'application.check-update': {
    kind: 'beforeWrite',
    run: async (values, hook) => {
      const { db, tenantId, stored } = hook;
      refuseSaml(stored?.type);
      refuseDeviceFlow(stored?.type, values.customClientMetadata);
      refuseDeviceFlowChange(stored?.customClientMetadata, values.customClientMetadata);
      refuseThirdPartyExchange(stored?.isThirdParty, values.customClientMetadata);
      if (values.appLevelAccessControlEnabled === true && stored?.appLevelAccessControlEnabled !== true) {
        await assertStoredRules(db, tenantId, stored?.id);
      }
      return withProtectedAppChange(values, stored);
    },
  },
  'application.generate-secret': {
    kind: 'beforeWrite',
    run: async (values, hook) => {
      refuseSaml(values.type);
      refuseDeviceFlow(values.type, values.customClientMetadata);
      refuseThirdPartyType(values.type, values.isThirdParty);
      refuseThirdPartyExchange(values.isThirdParty, values.customClientMetadata);
      return {
        ...(await withNewProtectedApp(values, hook)),
        secret: withoutSecretTypes.has(String(values.type)) ? internalSecret() : newClientSecret(),
      };
    },
  },
  'application.check-delete': {
    kind: 'beforeDelete',
    run: async (stored, hook) => {
      refuseSaml(stored.type);
      await releaseProtectedApp(stored, hook);
    },
  },
  /**
   * An application as callers read it: `secret` only where it is one a client uses (Logto omits an internal one, and
   * a SAML application's, whose OpenID client is the server's own, shown without its URIs).
   */
  'application.present': {
    kind: 'afterRead',
    run: (items) =>
      items.map(({ secret, ...item }) => {
        if (item.type === SAML) return { ...item, oidcClientMetadata: maskedSamlClient };
        return typeof secret === 'string' && secret !== '' && !secret.startsWith(INTERNAL) ? { ...item, secret } : item;
      }),
  },
  /**
   * `DELETE /api/applications/{id}/legacy-secret`: the application's own secret gives way to an internal one, so
   * only its secrets (`/secrets`) authenticate it from now on; 400 `application.no_legacy_secret_found` when it has
   * none.
   */
  'application.delete-legacy-secret': {
    kind: 'action',
    run: async ({ context, id, operations, db }) => {
      const { rows } = await db.withTenant(context.tenantId, (tx) =>
        tx.query<{ secret: string | null }>('SELECT secret FROM applications WHERE tenant_id = $1 AND id = $2', [
          context.tenantId,
          id,
        ]),
      );
      const found = rows[0];
      if (!found) throw operations.notFound(id);
      if (!found.secret || found.secret.startsWith(INTERNAL)) throw new ApiError('application.no_legacy_secret_found');
      await operations.setInternal(context, id, { secret: internalSecret() });
      return operations.get(context, id);
    },
  },
  /** A new secret gets its value from the server, and cannot be born expired (Logto answers 400 alike). */
  'application.generate-secret-value': {
    kind: 'beforeWrite',
    run: (values) => {
      refusePastExpiry(values);
      return { ...values, value: newClientSecret() };
    },
  },
  /**
   * Roles go to machine-to-machine applications only, and only machine-to-machine roles: the application-role
   * relation's check, whichever side the links are made from (an application's roles, a role's applications).
   */
  'application.check-role-assignment': {
    kind: 'beforeLink',
    run: ({ source, relation, targets }) => {
      const [applications, roles] = relation.target === 'role' ? [[source], targets] : [targets, [source]];
      if (applications.some((application) => application.type !== machineToMachine)) {
        throw new ApiError('application.invalid_type');
      }
      const userRole = roles.find((role) => role.type !== machineToMachine);
      if (userRole) throw new ApiError('application.invalid_role_type', { id: userRole.id });
    },
  },
  /** `PATCH /api/applications/{id}/custom-data`: the body's top-level keys replace those of the same name. */
  'application.merge-custom-data': {
    kind: 'action',
    run: async ({ context, id, body, operations }) => {
      const changed = await operations.changeInternal(context, id, (stored) => ({
        customData: { ...(stored.customData as Record<string, unknown>), ...body },
      }));
      if (!changed) throw operations.notFound(id);
      return changed.customData;
    },
  },
  ...protectedAppDomainOverrides,
} satisfies Record<string, ServerOverride>;
