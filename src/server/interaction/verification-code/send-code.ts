import type { Database } from '../../db/database.js';
import { findEmailSender } from '../../messages/email-sender.js';
import type { Outbox } from '../../messages/outbox.js';
import { findSmsSender } from '../../messages/sms-sender.js';
import type { interactionAudit } from '../audit.js';
import type { Interaction, Request } from '../context.js';
import type { CodeKind } from '../experience.js';
import type { Passcodes, PasscodeType } from './passcodes.js';
import { admitMessage } from './send-rate.js';

/** One code to send: the flow it belongs to (its audit event and template), and the address. */
export interface CodeToSend {
  event: 'SignIn' | 'Register' | 'ForgotPassword';
  template: PasscodeType;
  kind: CodeKind;
  /** The address as typed: an email address, or a phone number. */
  to: string;
  /** Whether the message goes out; a code for an address that must not learn anything is stored but not sent. */
  deliver: boolean;
}

/** Logto's log step of a code sent to an address of the kind (`Verification.EmailVerificationCode.Create`). */
export const codeStep = (kind: CodeKind, action: 'Create' | 'Submit') =>
  `Verification.${kind === 'email' ? 'Email' : 'Phone'}VerificationCode.${action}` as const;

/** The address's target of the interaction's passcode of a template (by email, or by phone number). */
export const passcodeTarget = (interaction: Interaction, send: Pick<CodeToSend, 'template' | 'kind' | 'to'>) => ({
  jti: interaction.details.uid,
  type: send.template,
  ...(send.kind === 'email' ? { email: send.to } : { phone: send.to }),
});

/**
 * Sends the interaction's verification codes as Logto does: within the message rate of the address (refused:
 * `request.message_rate_limited`, also raised as `Message.RateLimited`), a new code replacing the earlier one, through
 * the tenant's email or SMS connector. The message goes out beside the request (the outbox), so the answer comes as
 * soon whether it is delivered or not; a failed send is logged and recorded then. Answers the refusal's code, or
 * nothing.
 */
export const codeSender =
  (options: { db: Database; passcodes: Passcodes; outbox: Outbox; audit: ReturnType<typeof interactionAudit> }) =>
  async (interaction: Interaction, request: Request, send: CodeToSend) => {
    const { db, passcodes, outbox, audit } = options;
    const { tenantId, tr } = interaction;
    const record = (result: 'Success' | 'Error', code?: string) =>
      audit.record(interaction, request, {
        event: send.event,
        step: codeStep(send.kind, 'Create'),
        result,
        identifier: send.kind,
        ...(code ? { error: { code } } : {}),
      });
    const failed = (error: unknown) => {
      request.log.warn({ err: error }, 'verification code not sent');
      record('Error', 'verification_code.send_failed');
      return 'verification_code.send_failed' as const;
    };
    if (!(await admitMessage(db, tenantId, send.to))) {
      record('Error', 'request.message_rate_limited');
      audit.raise(interaction, request, 'Message.RateLimited', { action: 'VerificationCodeSend', recipient: send.to });
      return 'request.message_rate_limited' as const;
    }
    const { code } = await passcodes.create(tenantId, passcodeTarget(interaction, send));
    // Delivered or not, the address takes the same steps before the answer: the sender is looked up for both.
    const connector = interaction.modelOf('connector');
    const sender = await db
      .withTenant(tenantId, (tx) =>
        send.kind === 'email' ? findEmailSender(tx, tenantId, connector) : findSmsSender(tx, tenantId, connector),
      )
      .catch(failed);
    if (typeof sender === 'string') return sender;
    if (send.deliver) {
      const message = { to: send.to, template: send.template, payload: { code, locale: tr.language } } as const;
      outbox.post(() =>
        sender.send(message).then(
          () => record('Success'),
          (error: unknown) => void failed(error),
        ),
      );
    } else record('Success');
    return undefined;
  };
