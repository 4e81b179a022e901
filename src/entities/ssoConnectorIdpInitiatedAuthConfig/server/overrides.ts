import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';

type Run = Parameters<ActionOverride['run']>[0];

const FIELDS = [
  'defaultApplicationId',
  'redirectUri',
  'authParameters',
  'autoSendAuthorizationRequest',
  'clientIdpInitiatedAuthCallbackUri',
] as const;
/** The applications a connector's IdP-initiated sign-in may sign users in to (Logto's). */
const APPLICATION_TYPES = ['Traditional', 'SPA'];

const answerOf = (row: Entity) => ({
  tenantId: row.tenantId,
  connectorId: row.connectorId,
  ...Object.fromEntries(FIELDS.map((field) => [field, row[field] ?? null])),
  authParameters: row.authParameters ?? {},
  autoSendAuthorizationRequest: row.autoSendAuthorizationRequest === true,
  createdAt: row.createdAt,
});

const storedOf = ({ operations, context }: Run, connectorId: string) =>
  operations.read(context, (tx) => operations.repository.findBy(tx, { tenantId: context.tenantId }, { connectorId }));

/**
 * Checks a PUT as Logto does: the connector is a SAML one, the application a traditional web or single-page one, its
 * redirect URI one the application registered, and without Gatehouse sending the authorization request, the
 * client's callback given.
 */
const check = async ({ context, operationsOf }: Run, connectorId: string, body: Record<string, unknown>) => {
  const connectors = operationsOf('ssoConnector');
  const connector = await connectors.get(context, connectorId);
  const branch = connectors.model.discriminated?.config?.branches[String(connector.providerName)];
  if ((branch?.meta as { providerType?: string } | undefined)?.providerType !== 'saml') {
    throw new ApiError('single_sign_on.idp_initiated_authentication_not_supported');
  }
  const application = await operationsOf('application').get(context, String(body.defaultApplicationId));
  if (!APPLICATION_TYPES.includes(String(application.type))) {
    throw new ApiError('single_sign_on.idp_initiated_authentication_invalid_application_type', {
      type: APPLICATION_TYPES.join(', '),
    });
  }
  const registered = ((application.oidcClientMetadata as { redirectUris?: string[] } | undefined)?.redirectUris ??
    []) as string[];
  if (typeof body.redirectUri === 'string' && !registered.includes(body.redirectUri)) {
    throw new ApiError('single_sign_on.idp_initiated_authentication_redirect_uri_not_registered');
  }
  if (body.autoSendAuthorizationRequest !== true && typeof body.clientIdpInitiatedAuthCallbackUri !== 'string') {
    throw new ApiError('single_sign_on.idp_initiated_authentication_client_callback_uri_not_found');
  }
};

/**
 * A SAML connector's IdP-initiated sign-in settings, one record per connector (Logto's
 * `/api/sso-connectors/{id}/idp-initiated-auth-config`): read (404 without one), set whole (PUT), removed (DELETE,
 * 204 either way).
 */
export const ssoConnectorIdpInitiatedAuthConfigOverrides = {
  'ssoConnectorIdpInitiatedAuthConfig.get': {
    kind: 'action',
    run: async (input) => {
      const connectorId = input.params.id ?? '';
      await input.operationsOf('ssoConnector').get(input.context, connectorId);
      const stored = await storedOf(input, connectorId);
      if (!stored) throw new ApiError('entity.not_found');
      return answerOf(stored);
    },
  },
  'ssoConnectorIdpInitiatedAuthConfig.replace': {
    kind: 'action',
    run: async (input) => {
      const { body, context, operations } = input;
      const connectorId = input.params.id ?? '';
      await check(input, connectorId, body);
      const values = {
        defaultApplicationId: body.defaultApplicationId,
        redirectUri: body.redirectUri ?? null,
        authParameters: body.authParameters ?? {},
        autoSendAuthorizationRequest: body.autoSendAuthorizationRequest === true,
        clientIdpInitiatedAuthCallbackUri: body.clientIdpInitiatedAuthCallbackUri ?? null,
      };
      const stored = await storedOf(input, connectorId);
      if (stored) return answerOf(await operations.setInternal(context, String(stored.id), values, connectorId));
      return answerOf(await operations.create(context, values, connectorId));
    },
  },
  'ssoConnectorIdpInitiatedAuthConfig.delete': {
    kind: 'action',
    run: async (input) => {
      const connectorId = input.params.id ?? '';
      await input.operationsOf('ssoConnector').get(input.context, connectorId);
      const stored = await storedOf(input, connectorId);
      if (stored) await input.operations.delete(input.context, String(stored.id), connectorId);
    },
  },
} satisfies Record<string, ServerOverride>;
