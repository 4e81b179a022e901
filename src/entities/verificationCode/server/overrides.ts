import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import {
  type CodeRecipient,
  sendGenericCode,
  verifyGenericCode,
} from '../../../server/interaction/verification-code/generic-codes.js';

type Run = Parameters<ActionOverride['run']>[0];
/** The body's recipient: its email, else its phone number (Logto's union reads them in that order); neither is 400. */
const recipientOf = (body: Record<string, unknown>): CodeRecipient => {
  if (typeof body.email === 'string') return { email: body.email };
  if (typeof body.phone === 'string') return { phone: body.phone };
  const message = 'An email address or a phone number is required.';
  throw new ApiError(
    'guard.invalid_input',
    { type: 'body' },
    { issues: [{ path: '', keyword: 'required', message, params: {} }] },
  );
};

/**
 * `POST /api/verification-codes`: a new Generic code for the address. A phone number needs an SMS connector, which
 * the tenant cannot have yet: Logto's 501 `connector.not_found`.
 */
const send = async (run: Run) => {
  const recipient = recipientOf(run.body);
  if (recipient.phone !== undefined) throw new ApiError('connector.not_found', { type: 'Sms' });
  await sendGenericCode(run, run.context.tenantId, recipient.email ?? '');
};

/** `POST /api/verification-codes/verify`: 204 once for the code last sent there. */
const verify = (run: Run) =>
  verifyGenericCode(run, run.context.tenantId, recipientOf(run.body), String(run.body.verificationCode));

export const verificationCodeOverrides = {
  'verificationCode.send': { kind: 'action', run: send },
  'verificationCode.verify': { kind: 'action', run: verify },
} satisfies Record<string, ServerOverride>;
