import { type ActionOverride, created, type ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';

type Run = Parameters<ActionOverride['run']>[0];

const FIELDS = ['color', 'branding', 'customCss', 'displayName', 'termsOfUseUrl', 'privacyPolicyUrl'] as const;

/** The record as Logto answers it: the tenant, the application and the experience's fields. */
const answerOf = (row: Entity) => ({
  tenantId: row.tenantId,
  applicationId: row.applicationId,
  ...Object.fromEntries(FIELDS.map((field) => [field, row[field] ?? null])),
  color: row.color ?? {},
  branding: row.branding ?? {},
});

const storedOf = ({ operations, context }: Run, applicationId: string) =>
  operations.read(context, (tx) => operations.repository.findBy(tx, { tenantId: context.tenantId }, { applicationId }));

/** `GET`: the application's sign-in experience; 404 for an application without one (or unknown). */
const get = async (input: Run) => {
  const applicationId = input.params.applicationId ?? '';
  await input.operationsOf('application').get(input.context, applicationId);
  const stored = await storedOf(input, applicationId);
  if (!stored) {
    throw new ApiError('entity.not_exists_with_id', { name: 'application_sign_in_experiences', id: applicationId });
  }
  return answerOf(stored);
};

/**
 * `PUT`: the fields given set on the application's sign-in experience (the others kept), or the record made with
 * them (201). Of two racing first writes, one makes it and the other then sets its fields.
 */
const replace = async (input: Run) => {
  const { body, context, operations, operationsOf } = input;
  const applicationId = input.params.applicationId ?? '';
  await operationsOf('application').get(context, applicationId);
  const values = Object.fromEntries(FIELDS.filter((field) => field in body).map((field) => [field, body[field]]));
  const write = async () => {
    const stored = await storedOf(input, applicationId);
    if (stored) return answerOf(await operations.setInternal(context, String(stored.id), values, applicationId));
    return created(answerOf(await operations.create(context, values, applicationId)));
  };
  return write().catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'entity.unique_integrity_violation') return write();
    throw error;
  });
};

export const applicationSignInExperienceOverrides = {
  'applicationSignInExperience.get': { kind: 'action', run: get },
  'applicationSignInExperience.replace': { kind: 'action', run: replace },
} satisfies Record<string, ServerOverride>;
