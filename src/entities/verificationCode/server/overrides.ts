import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { Passcodes } from '../../../server/interaction/verification-code/passcodes.js';
import { admitMessage } from '../../../server/interaction/verification-code/send-rate.js';
import { findEmailSender } from '../../../server/messages/email-sender.js';

type Run = Parameters<ActionOverride['run']>[0];
interface Recipient {
  email?: string;
  phone?: string;
}

const passcodesOf = ({ db, operationsOf }: Run) => new Passcodes(db, operationsOf('passcode').repository);
/** The body's recipient: its email, else its phone number (Logto's union reads them in that order); neither is 400. */
const recipientOf = (body: Record<string, unknown>): Recipient => {
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
 * `POST /api/verification-codes`: a new Generic code for the address (its earlier unconsumed one replaced), sent
 * through the tenant's email connector, under Logto's message rate limit (429 `request.message_rate_limited`, nothing
 * created). A phone number needs an SMS connector, which the tenant cannot have yet: Logto's 501
 * `connector.not_found`.
 */
const send = async (run: Run) => {
  const { context, db, operationsOf } = run;
  const recipient = recipientOf(run.body);
  const tenantId = context.tenantId;
  if (recipient.phone !== undefined) throw new ApiError('connector.not_found', { type: 'Sms' });
  const email = recipient.email ?? '';
  const sender = await db.withTenant(tenantId, (tx) => findEmailSender(tx, tenantId, operationsOf('connector').model));
  if (!(await admitMessage(db, tenantId, email))) throw new ApiError('request.message_rate_limited');
  const { code } = await passcodesOf(run).create(tenantId, { jti: null, type: 'Generic', email });
  await sender.send({ to: email, template: 'Generic', payload: { code } });
};

/** `POST /api/verification-codes/verify`: 204 once for the code last sent there, else Logto's 400 `verification_code.*`. */
const verify = async (run: Run) => {
  const recipient = recipientOf(run.body);
  const code = String(run.body.verificationCode);
  const checked = await passcodesOf(run).verify(
    run.context.tenantId,
    { jti: null, type: 'Generic', ...recipient },
    code,
  );
  if (checked.refusal) throw new ApiError(`verification_code.${checked.refusal}`);
};

export const verificationCodeOverrides = {
  'verificationCode.send': { kind: 'action', run: send },
  'verificationCode.verify': { kind: 'action', run: verify },
} satisfies Record<string, ServerOverride>;
