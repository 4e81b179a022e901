import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import { ALL_SCOPES, type RequestContext } from '../../../server/crud/context.js';
import { publicView } from '../../../server/crud/fields.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { assetStatus, uploadAsset } from '../../userAsset/server/overrides.js';
import { meEmailCodeOverrides } from './email-codes.js';
import { mePasswordOverrides } from './password.js';
import { meSocialOverrides } from './social.js';
import { requireProof } from './verification.js';

type Run = Parameters<ActionOverride['run']>[0];

/** The user changes their own account: the action limits what may change, the user's operations apply the rules. */
const updateSelf = async ({ caller, context: asked, operationsOf }: Run, patch: Record<string, unknown>) => {
  const { user } = caller as ConsoleCaller;
  const users = operationsOf('user');
  // The user may change these fields of their own account whatever their scopes; the action limited the fields.
  const context: RequestContext = { ...asked, scopes: ALL_SCOPES };
  return publicView(users.model)(await users.update(context, user.id, patch));
};

export const meOverrides = {
  'me.get': {
    kind: 'action',
    authenticate: consoleUser,
    run: async ({ caller, operationsOf }) =>
      publicView(operationsOf('user').model)((caller as ConsoleCaller).user as unknown as Record<string, unknown>),
  },
  'me.update': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      // A new email address is taken only after a code sent there was verified (Logto's verification status).
      const email = input.body.primaryEmail;
      if (typeof email === 'string') await requireProof(input, (input.caller as ConsoleCaller).user, email);
      return updateSelf(input, input.body);
    },
  },
  'me.update-custom-data': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const customData = { ...(input.caller as ConsoleCaller).user.customData, ...input.body };
      return (await updateSelf(input, { customData })).customData;
    },
  },
  'me.asset-status': { kind: 'action', authenticate: consoleUser, run: assetStatus },
  'me.upload-asset': { kind: 'action', authenticate: consoleUser, run: uploadAsset },
  ...mePasswordOverrides,
  ...meEmailCodeOverrides,
  ...meSocialOverrides,
} satisfies Record<string, ServerOverride>;
