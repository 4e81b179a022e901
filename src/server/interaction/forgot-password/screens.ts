import type { FastifyReply } from 'fastify';
import type { SecuritySettings } from '../../../entities/user/server/account/security-settings.js';
import { type Interaction, sendPage } from '../context.js';
import type { CodeKind } from '../experience.js';
import type { FieldErrors } from '../forms.js';
import { codeEntryPage } from '../verification-code/code-page.js';
import type { Passcodes } from '../verification-code/passcodes.js';
import { RESEND_AFTER_SECONDS } from '../verification-code/send-rate.js';
import type { ForgotPasswordState } from './state.js';
import { forgotPasswordPage, newPasswordPage } from './views.js';

/** The forgot password flow's pages of an interaction, and where they are. */
export const forgotPasswordScreens = (
  settingsOf: (tenantId: string) => Promise<SecuritySettings>,
  passcodes: Passcodes,
) => {
  const paths = (interaction: Interaction) => {
    const base = `${interaction.base}/forgot-password`;
    return { start: base, code: `${base}/code`, resend: `${base}/resend`, password: `${base}/password` };
  };

  /** Seconds before the flow may send another code (Logto's resend countdown). */
  const secondsLeft = (state: ForgotPasswordState) =>
    Math.max(0, Math.ceil((state.sentAt + RESEND_AFTER_SECONDS * 1000 - Date.now()) / 1000));

  const showStart = (
    interaction: Interaction,
    reply: FastifyReply,
    status: number,
    kinds: CodeKind[],
    address?: string,
    error?: string,
  ) => {
    const chrome = interaction.chrome('/forgot-password');
    const view = {
      action: paths(interaction).start,
      backHref: interaction.base,
      kinds,
      ...(address ? { address } : {}),
      ...(error ? { error } : {}),
    };
    return sendPage(reply, status, forgotPasswordPage(interaction.tr, view, chrome), chrome);
  };

  const showCode = async (
    interaction: Interaction,
    reply: FastifyReply,
    status: number,
    state: ForgotPasswordState,
    view: { error?: string; notice?: string } = {},
  ) => {
    const chrome = interaction.chrome('/forgot-password');
    const { code, resend, start } = paths(interaction);
    const { expirationDuration } = await passcodes.policy(interaction.tenantId);
    const count = Math.max(1, Math.round(expirationDuration / 60));
    const { tr } = interaction;
    const subtitle =
      state.kind === 'email'
        ? tr.t('interaction:forgot_password.code_subtitle', { email: state.to, count })
        : tr.t('interaction:forgot_password.code_subtitle_phone', { phone: state.to, count });
    const body = {
      action: code,
      resendAction: resend,
      restartHref: start,
      backHref: interaction.base,
      kind: state.kind,
      subtitle,
      resendIn: secondsLeft(state),
      ...view,
    };
    const page = codeEntryPage(tr, 'interaction:forgot_password', body, chrome);
    return sendPage(reply, status, page, chrome);
  };

  const showPassword = async (
    interaction: Interaction,
    reply: FastifyReply,
    status: number,
    state: ForgotPasswordState,
    errors: FieldErrors = {},
  ) => {
    const chrome = interaction.chrome();
    const { length } = (await settingsOf(interaction.tenantId)).passwordPolicy;
    const view = {
      action: paths(interaction).password,
      backHref: interaction.base,
      to: state.to,
      errors,
      passwordPolicy: { minLength: length.min, maxLength: length.max },
    };
    return sendPage(reply, status, newPasswordPage(interaction.tr, view, chrome), chrome);
  };

  return { paths, secondsLeft, showStart, showCode, showPassword };
};
