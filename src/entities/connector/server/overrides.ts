import {
  connectorTarget,
  factoriesOf,
  findFactory,
  formItemsOf,
  isPasswordless,
} from '../../../server/connectors/factories.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { deleteMany } from '../../../server/crud/repository-sets.js';
import { ApiError } from '../../../server/http/api-error.js';
import { asConfigError } from './config-errors.js';
import { deleteConnector } from './delete.js';
import { authorizationUriAction, checkNewSocialConnector } from './social.js';
import { sendTest } from './test-send.js';

type Run = Parameters<ActionOverride['run']>[0];

const fields = ['config', 'metadata', 'syncProfile', 'enableTokenStorage'] as const;
const pick = (body: Record<string, unknown>) =>
  Object.fromEntries(fields.filter((name) => body[name] !== undefined).map((name) => [name, body[name]]));

/**
 * Token storage (Logto's): only where the server has a secret vault (else 422 `request.feature_not_supported`) and
 * for a social factory that supports it (else 422 `connector.token_storage_not_supported`).
 */
const checkTokenStorage = (context: Run['context'], factory: ReturnType<typeof findFactory>) => {
  if (!context.features?.secretVault) throw new ApiError('request.feature_not_supported');
  if (factory?.type !== 'Social' || factory.metadata.isTokenStorageSupported !== true) {
    throw new ApiError('connector.token_storage_not_supported');
  }
};

/** Each connector with its factory's `formItems`, as Logto's connector responses carry them. */
const present = (items: Entity[], { model }: { model: Parameters<typeof findFactory>[1] }) =>
  items.map((item) => {
    const factory = findFactory(String(item.connectorId), model);
    return factory ? { ...item, formItems: formItemsOf(factory.configSchema) } : item;
  });

/**
 * `POST /api/connectors`: a connector of a factory that exists here (else 422
 * `connector.not_found_with_connector_id`), its configuration checked against the factory's (400
 * `connector.invalid_config`). As Logto, a new email or SMS connector replaces the tenant's connectors of that type,
 * in the same transaction.
 */
const create = async ({ context, body, operations }: Run) => {
  const connectorId = String(body.connectorId);
  const factory = findFactory(connectorId, operations.model);
  if (!factory) throw new ApiError('connector.not_found_with_connector_id');
  if (body.enableTokenStorage === true) checkTokenStorage(context, factory);
  const metadata = body.metadata as Parameters<typeof checkNewSocialConnector>[3];
  const sameType = isPasswordless(factory.type)
    ? factoriesOf(operations.model)
        .filter((candidate) => candidate.type === factory.type)
        .map((candidate) => candidate.id)
    : [];
  return operations
    .create(
      context,
      { connectorId, ...pick(body) },
      undefined,
      typeof body.id === 'string' ? { id: body.id } : undefined,
      {
        first: async (tx) => {
          // Creates of one type take turns, so two at once still leave one connector of the type (and its rules).
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
            `connectors:${context.tenantId}:${factory.type}`,
          ]);
          if (factory.type === 'Social') {
            await checkNewSocialConnector(tx, context.tenantId, factory, metadata, operations.model);
          }
          if (sameType.length === 0) return;
          const { repository } = operations;
          const replaced = await repository.listByColumn(tx, context.tenantId, 'connector_id', sameType);
          await deleteMany(
            repository,
            tx,
            context.tenantId,
            replaced.map((connector) => connector.id as string),
          );
        },
      },
    )
    .then((created) => present([created], operations)[0])
    .catch((error: unknown) => {
      throw asConfigError(error);
    });
};

/**
 * `PATCH /api/connectors/{id}`: the configuration is checked against the connector's factory (chosen by its stored
 * `connectorId`); Logto's rules for profile syncing, token storage and metadata of non-standard connectors apply.
 */
const update = async ({ context, params, body, operations }: Run) => {
  const id = String(params.id);
  const stored: Entity = await operations.get(context, id);
  // Derived fields (type, target, isStandard) are the factory's, and a standard connector's own target.
  const factory = findFactory(String(stored.connectorId), operations.model);
  if (body.syncProfile === true && factory?.type !== 'Social') {
    throw new ApiError('connector.invalid_type_for_syncing_profile');
  }
  if (body.enableTokenStorage === true) checkTokenStorage(context, factory);
  if (body.metadata !== undefined && factory?.metadata.isStandard !== true) {
    throw new ApiError('connector.cannot_overwrite_metadata_for_non_standard_connector');
  }
  const target = (body.metadata as { target?: string } | undefined)?.target;
  const storedMetadata = stored.metadata as unknown;
  if (target !== undefined && factory && target !== connectorTarget(factory, storedMetadata)) {
    throw new ApiError('connector.can_not_modify_target');
  }
  return operations
    .update(context, id, pick(body))
    .then((updated) => present([updated], operations)[0])
    .catch((error: unknown) => {
      throw asConfigError(error);
    });
};

export const connectorOverrides = {
  'connector.present': { kind: 'afterRead', run: present },
  'connector.create': { kind: 'action', run: create },
  'connector.update': { kind: 'action', run: update },
  'connector.test': { kind: 'action', run: sendTest },
  'connector.authorization-uri': { kind: 'action', run: authorizationUriAction },
  'connector.delete': { kind: 'action', run: deleteConnector },
} satisfies Record<string, ServerOverride>;
