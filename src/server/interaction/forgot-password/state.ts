import type { Interaction } from '../context.js';
import type { CodeKind } from '../experience.js';

/**
 * A forgot password flow's state, kept server-side in the oidc-provider interaction (its `result`, never sent to the
 * browser), as the MFA flow keeps its own: the address a code was sent to, when, and once the code passed, the
 * verification and the account it names. Nothing of the code itself.
 */
export interface ForgotPasswordState {
  kind: CodeKind;
  /** The address the code went to: an email address, or a phone number as `+digits`. */
  to: string;
  /** When the last code was sent (epoch milliseconds): a new one only after the resend countdown. */
  sentAt: number;
  /** Set once the code passed: the consumed passcode's id, spent when the new password is stored. */
  verificationId?: string | undefined;
  /** The account the address names, once the code passed. */
  userId?: string | undefined;
}

const KEY = 'forgotPassword';

const isState = (value: unknown): value is ForgotPasswordState => {
  const state = value as Partial<ForgotPasswordState> | undefined;
  return (
    typeof state === 'object' &&
    state !== null &&
    (state.kind === 'email' || state.kind === 'phone') &&
    typeof state.to === 'string' &&
    typeof state.sentAt === 'number'
  );
};

export const readForgotPassword = (interaction: Interaction): ForgotPasswordState | undefined => {
  const value = interaction.details.result?.[KEY];
  return isState(value) ? value : undefined;
};

/** Stores the state with the interaction; `undefined` ends the flow (the interaction goes on as a sign-in). */
export const saveForgotPassword = async (interaction: Interaction, state: ForgotPasswordState | undefined) => {
  interaction.details.result = state ? { [KEY]: state } : {};
  await interaction.details.persist();
};
