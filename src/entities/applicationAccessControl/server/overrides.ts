import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import {
  type AccessRules,
  checkReferences,
  checkRoleRules,
  hasRules,
  NO_RULES,
  noRulesError,
  normalizedRules,
} from './rules.js';

type Run = Parameters<ActionOverride['run']>[0];

const rulesOf = (row: Entity | undefined): AccessRules =>
  row
    ? {
        userIds: row.userIds as string[],
        userRoleIds: row.userRoleIds as string[],
        organizationIds: row.organizationIds as string[],
        organizationRoleRules: row.organizationRoleRules as AccessRules['organizationRoleRules'],
      }
    : NO_RULES;

const storedRow = ({ operations, context }: Run, applicationId: string) =>
  operations.read(context, (tx) => operations.repository.findBy(tx, { tenantId: context.tenantId }, { applicationId }));

/** `GET`: the application's rules (none set: every list empty); 404 for an application the tenant does not have. */
const get = async (input: Run) => {
  const applicationId = input.params.applicationId ?? '';
  await input.operationsOf('application').get(input.context, applicationId);
  return rulesOf(await storedRow(input, applicationId));
};

/**
 * `PUT`: the application's rules replaced (ids once each, one organization-role rule per organization), every id
 * naming something of the tenant; an application whose access control is enabled keeps at least one rule.
 */
const replace = async (input: Run) => {
  const { context, operations, operationsOf } = input;
  const applicationId = input.params.applicationId ?? '';
  const application = await operationsOf('application').get(context, applicationId);
  const rules = normalizedRules(input.body as unknown as AccessRules);
  checkRoleRules(rules);
  if (application.appLevelAccessControlEnabled === true && !hasRules(rules)) throw noRulesError();
  await operations.read(context, (tx) => checkReferences(tx, context.tenantId, rules));
  const write = async () => {
    const stored = await storedRow(input, applicationId);
    if (stored) return operations.setInternal(context, String(stored.id), { ...rules }, applicationId);
    return operations.create(context, rules, applicationId);
  };
  // Of two racing first writes, one inserts; the other finds the record then and replaces it.
  await write().catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'entity.unique_integrity_violation') return write();
    throw error;
  });
  return rules;
};

export const applicationAccessControlOverrides = {
  'applicationAccessControl.get': { kind: 'action', run: get },
  'applicationAccessControl.replace': { kind: 'action', run: replace },
} satisfies Record<string, ServerOverride>;
