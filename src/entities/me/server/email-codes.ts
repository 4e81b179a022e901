import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { sendGenericCode, verifyGenericCode } from '../../../server/interaction/verification-code/generic-codes.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';
import { recordProof } from './verification.js';

type Run = Parameters<ActionOverride['run']>[0];

/** `POST /me/verification-codes`: a code to an email address, through the admin tenant's email connector. */
const send = (run: Run) => sendGenericCode(run, ADMIN_TENANT_ID, String(run.body.email), run.context.locale);

/**
 * `POST /me/verification-codes/verify`: the code sent to the address; the user has then proved the address for ten
 * minutes, and may take it as their email (`PATCH /me`) or change their password by it.
 */
const verify = async (run: Run) => {
  const { user } = run.caller as ConsoleCaller;
  const email = String(run.body.email);
  await verifyGenericCode(run, ADMIN_TENANT_ID, { email }, String(run.body.verificationCode));
  await recordProof(run, user.id, email);
};

export const meEmailCodeOverrides = {
  'me.send-code': { kind: 'action', authenticate: consoleUser, run: send },
  'me.verify-code': { kind: 'action', authenticate: consoleUser, run: verify },
} satisfies Record<string, ServerOverride>;
