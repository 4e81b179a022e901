import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { managementApiIndicator } from '../../../server/tenants/urls.js';
import { missingConsentScopes, namesManagementApi, readConsentScopes } from './consent-scopes.js';

type Run = Parameters<ActionOverride['run']>[0];

/** The body's lists by the kind each stores. */
const KINDS = {
  organizationScopes: 'organization-scopes',
  resourceScopes: 'resource-scopes',
  organizationResourceScopes: 'organization-resource-scopes',
  userScopes: 'user-scopes',
} as const;

const list = async ({ params, context, operations, operationsOf }: Run) => {
  const applicationId = params.applicationId ?? '';
  await operationsOf('application').get(context, applicationId);
  return operations.read(context, (tx) => readConsentScopes(tx, context.tenantId, applicationId));
};

/**
 * `POST`: the scopes added to what a third-party application may ask for (those it has stay); 422 for a first-party
 * application, for an id naming nothing of the tenant (by kind), and for the management API's permissions.
 */
const assign = async ({ params, body, context, operations, operationsOf }: Run) => {
  const applicationId = params.applicationId ?? '';
  const application = await operationsOf('application').get(context, applicationId);
  if (application.isThirdParty !== true) throw new ApiError('application.third_party_application_only');
  const lists = body as Partial<Record<keyof typeof KINDS, string[]>>;
  const { tenantId } = context;
  const missing = await operations.read(context, (tx) => missingConsentScopes(tx, tenantId, lists));
  if (Object.values(missing).some((ids) => ids.length > 0)) {
    throw new ApiError('application.user_consent_scopes_not_found', {}, missing);
  }
  const resourceIds = [...(lists.resourceScopes ?? []), ...(lists.organizationResourceScopes ?? [])];
  const indicator = managementApiIndicator(tenantId);
  if (await operations.read(context, (tx) => namesManagementApi(tx, tenantId, indicator, resourceIds))) {
    throw new ApiError('application.consent_management_api_scopes_not_allowed');
  }
  for (const [field, scopeType] of Object.entries(KINDS)) {
    for (const scopeId of new Set(lists[field as keyof typeof KINDS] ?? [])) {
      try {
        await operations.create(context, { scopeType, scopeId }, applicationId);
      } catch (error) {
        // A scope the application has already stays as it is.
        if (!(error instanceof ApiError) || error.code !== 'entity.unique_integrity_violation') throw error;
      }
    }
  }
};

/** `DELETE /{scopeType}/{scopeId}`: one scope taken away; 404 when the application does not have it. */
const remove = async ({ params, context, operations, operationsOf }: Run) => {
  const applicationId = params.applicationId ?? '';
  await operationsOf('application').get(context, applicationId);
  const stored = await operations.read(context, (tx) =>
    operations.repository.findBy(
      tx,
      { tenantId: context.tenantId },
      {
        applicationId,
        scopeType: params.scopeType,
        scopeId: params.scopeId,
      },
    ),
  );
  if (!stored) throw new ApiError('entity.not_found');
  await operations.delete(context, String(stored.id), applicationId);
};

export const applicationUserConsentScopeOverrides = {
  'applicationUserConsentScope.list': { kind: 'action', run: list },
  'applicationUserConsentScope.assign': { kind: 'action', run: assign },
  'applicationUserConsentScope.remove': { kind: 'action', run: remove },
} satisfies Record<string, ServerOverride>;
