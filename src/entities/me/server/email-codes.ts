import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { Passcodes } from '../../../server/interaction/verification-code/passcodes.js';
import { admitMessage } from '../../../server/interaction/verification-code/send-rate.js';
import { findEmailSender } from '../../../server/messages/email-sender.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';
import { recordProof } from './verification.js';

type Run = Parameters<ActionOverride['run']>[0];

const passcodesOf = ({ db, operationsOf }: Run) => new Passcodes(db, operationsOf('passcode').repository);
const target = (email: string) => ({ jti: null, type: 'Generic', email }) as const;

/**
 * `POST /me/verification-codes`: a code to an email address, through the admin tenant's email connector (501
 * `connector.not_found` without one), within the address's message rate (429 `request.message_rate_limited`).
 */
const send = async (run: Run) => {
  const email = String(run.body.email);
  const sender = await findEmailSender(run.db, ADMIN_TENANT_ID, run.operationsOf('connector').model);
  if (!(await admitMessage(run.db, ADMIN_TENANT_ID, email))) throw new ApiError('request.message_rate_limited');
  const { code } = await passcodesOf(run).create(ADMIN_TENANT_ID, target(email));
  await sender.send({ to: email, template: 'Generic', payload: { code, locale: run.context.locale } });
};

/**
 * `POST /me/verification-codes/verify`: the code sent to the address (Logto's 400 `verification_code.*` if refused);
 * the user has then proved the address for ten minutes, and may take it as their email (`PATCH /me`) or change their
 * password by it.
 */
const verify = async (run: Run) => {
  const { user } = run.caller as ConsoleCaller;
  const email = String(run.body.email);
  const checked = await passcodesOf(run).verify(ADMIN_TENANT_ID, target(email), String(run.body.verificationCode));
  if (checked.refusal) throw new ApiError(`verification_code.${checked.refusal}`);
  await recordProof(run, user.id, email);
};

export const meEmailCodeOverrides = {
  'me.send-code': { kind: 'action', authenticate: consoleUser, run: send },
  'me.verify-code': { kind: 'action', authenticate: consoleUser, run: verify },
} satisfies Record<string, ServerOverride>;
