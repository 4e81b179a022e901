import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { addConsented, consentedRows, replaceConsented } from './consented.js';

type Run = Parameters<ActionOverride['run']>[0];

/** The third-party application (422 for another) and the user (404 for none) the route names. */
const subjects = async ({ params, context, operationsOf }: Run) => {
  const applicationId = params.id ?? '';
  const userId = params.userId ?? '';
  const application = await operationsOf('application').get(context, applicationId);
  if (application.isThirdParty !== true) throw new ApiError('application.third_party_application_only');
  await operationsOf('user').get(context, userId);
  return { applicationId, userId };
};

/** Every organization named is one the user is a member of (Logto's 422 `organization.require_membership`). */
const assertMember = async ({ operations, context }: Run, userId: string, organizationIds: string[]) => {
  if (organizationIds.length === 0) return;
  const { rows } = await operations.read(context, (tx) =>
    tx.query<{ n: number }>(
      `SELECT count(DISTINCT organization_id)::int AS n FROM organization_user_relations
        WHERE tenant_id = $1 AND user_id = $2 AND organization_id = ANY($3::varchar[])`,
      [context.tenantId, userId, organizationIds],
    ),
  );
  if (Number(rows[0]?.n ?? 0) !== new Set(organizationIds).size) throw new ApiError('organization.require_membership');
};

const storedIds = (input: Run, applicationId: string, userId: string) =>
  consentedRows(input.operations, input.context, applicationId, userId);

/** `GET`: the organizations, a page of them (`page`, `page_size`, `Total-Number`), as the organizations API answers. */
const list = async (input: Run) => {
  const { applicationId, userId } = await subjects(input);
  const rows = await storedIds(input, applicationId, userId);
  const page = Number(input.query.page ?? 1);
  const size = Number(input.query.page_size ?? 20);
  input.reply.header('Total-Number', String(rows.length));
  const ids = rows.slice((page - 1) * size, page * size).map((row) => row.organization_id);
  const organizations = input.operationsOf('organization');
  return { organizations: await Promise.all(ids.map((id) => organizations.get(input.context, id))) };
};

/** `PUT`: exactly these organizations (the user's own) from now on. */
const replace = async (input: Run) => {
  const { applicationId, userId } = await subjects(input);
  const organizationIds = input.body.organizationIds as string[];
  await assertMember(input, userId, organizationIds);
  await replaceConsented(input.operations, input.context, applicationId, userId, organizationIds);
};

/** `POST`: these organizations (the user's own) besides those already consented to. */
const add = async (input: Run) => {
  const { applicationId, userId } = await subjects(input);
  const organizationIds = input.body.organizationIds as string[];
  await assertMember(input, userId, organizationIds);
  await addConsented(input.operations, input.context, applicationId, userId, new Set(organizationIds));
};

/** `DELETE /{organizationId}`: one organization taken back; 404 when it was not consented to. */
const remove = async (input: Run) => {
  const { applicationId, userId } = await subjects(input);
  const found = (await storedIds(input, applicationId, userId)).find(
    (row) => row.organization_id === input.params.organizationId,
  );
  if (!found) throw new ApiError('entity.not_found');
  await input.operations.delete(input.context, found.id, applicationId);
};

export const applicationUserConsentOrganizationOverrides = {
  'applicationUserConsentOrganization.list': { kind: 'action', run: list },
  'applicationUserConsentOrganization.replace': { kind: 'action', run: replace },
  'applicationUserConsentOrganization.add': { kind: 'action', run: add },
  'applicationUserConsentOrganization.remove': { kind: 'action', run: remove },
} satisfies Record<string, ServerOverride>;
