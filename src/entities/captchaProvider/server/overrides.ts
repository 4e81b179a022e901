import { publicView } from '../../../server/crud/fields.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';

type Run = Parameters<ActionOverride['run']>[0];

/** A tenant has at most one CAPTCHA provider: its record always has this id. */
const PROVIDER_ID = 'default';

const find = ({ db, context, operations }: Run) =>
  db.withTenant(context.tenantId, (tx) => operations.repository.find(tx, { tenantId: context.tenantId }, PROVIDER_ID));

/** `GET /api/captcha-provider`: the provider, or 404 `entity.not_found` when the tenant has none. */
const get = async (input: Run) => {
  const provider = await find(input);
  if (!provider) throw new ApiError('entity.not_found');
  return provider;
};

/**
 * `GET /api/captcha-provider/state`: `{ provider }`, null when the tenant has none. The console asks this: a tenant
 * without a provider is a state to show, and a 404 would be logged by the browser as a failed request.
 */
const state = async (input: Run) => {
  const provider = await find(input);
  return { provider: provider ? publicView(input.operations.model)(provider) : null };
};

/** `PUT /api/captcha-provider`: sets the provider's configuration, creating the provider if need be (200). */
const put = async (input: Run) => {
  const { context, operations, body } = input;
  if (await find(input)) return operations.update(context, PROVIDER_ID, { config: body.config });
  return operations.create(context, { config: body.config }, undefined, { id: PROVIDER_ID });
};

/**
 * `DELETE /api/captcha-provider`: removes the provider (404 when there is none) and, as Logto does, switches the
 * sign-in experience's CAPTCHA off.
 */
const remove = async ({ context, operations, operationsOf }: Run) => {
  await operations.delete(context, PROVIDER_ID);
  await operationsOf('signInExperience')
    .update(context, 'default', { captchaPolicy: { enabled: false } })
    .catch((error: unknown) => {
      // A sign-in experience never read nor changed holds the default policy, which asks for no CAPTCHA.
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    });
};

export const captchaProviderOverrides = {
  'captchaProvider.get': { kind: 'action', run: get },
  'captchaProvider.put': { kind: 'action', run: put },
  'captchaProvider.state': { kind: 'action', run: state },
  'captchaProvider.delete': { kind: 'action', run: remove },
} satisfies Record<string, ServerOverride>;
