import type { CodeKind } from '../experience.js';
import { flowState } from '../flow-state.js';

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

const stored = flowState('forgotPassword', isState);

export const readForgotPassword = stored.read;

/** Stores the state with the interaction; `undefined` ends the flow. */
export const saveForgotPassword = stored.save;
