import type { FastifyReply } from 'fastify';
import { type Interaction, sendPage } from '../../context.js';
import type { CodeKind } from '../../experience.js';
import { codeEntryPage } from '../../verification-code/code-page.js';
import type { Passcodes } from '../../verification-code/passcodes.js';
import type { CodeState } from './state.js';
import { codeRequestPage } from './views.js';

type Purpose = CodeState['purpose'];

/** The kinds of address a purpose sends codes to: those signing in by code, or those sign-up verifies. */
export const kindsFor = (interaction: Interaction, purpose: Purpose): CodeKind[] =>
  purpose === 'Register' ? interaction.experience.signUpVerifiedKinds : interaction.experience.codeSignInIdentifiers;

/** The verification code flow's pages of an interaction: the address to send a code to, and the code. */
export const codeScreens = (
  passcodes: Passcodes,
  paths: (interaction: Interaction) => { start: string; verify: string; resend: string },
  secondsLeft: (state: CodeState) => number,
) => {
  const showRequest = (
    interaction: Interaction,
    reply: FastifyReply,
    status: number,
    purpose: Purpose,
    view: { identifier?: string | undefined; error?: string | undefined; termsError?: string | undefined } = {},
  ) => {
    const chrome = interaction.chrome(purpose === 'Register' ? '/register' : '/sign-in');
    const { start } = paths(interaction);
    const kinds = kindsFor(interaction, purpose);
    const action = purpose === 'Register' ? `${start}?register=1` : start;
    const body = { action, backHref: interaction.base, purpose, kinds, experience: interaction.experience, ...view };
    return sendPage(reply, status, codeRequestPage(interaction.tr, body, chrome), chrome);
  };

  const showCode = async (
    interaction: Interaction,
    reply: FastifyReply,
    status: number,
    state: CodeState,
    view: { error?: string; notice?: string } = {},
  ) => {
    const chrome = interaction.chrome();
    const { verify, resend, start } = paths(interaction);
    const { expirationDuration } = await passcodes.policy(interaction.tenantId);
    const body = {
      action: verify,
      resendAction: resend,
      restartHref: state.purpose === 'Register' ? `${start}?register=1` : start,
      backHref: interaction.base,
      kind: state.kind,
      subtitle: interaction.tr.t(`interaction:code.code_subtitle_${state.kind}`, {
        to: state.to,
        count: Math.max(1, Math.round(expirationDuration / 60)),
      }),
      resendIn: secondsLeft(state),
      ...view,
    };
    return sendPage(reply, status, codeEntryPage(interaction.tr, 'interaction:code', body, chrome), chrome);
  };

  return { showRequest, showCode };
};
