import type { Interaction } from '../../context.js';
import type { CodeKind } from '../../experience.js';
import { flowState } from '../../flow-state.js';
import { PENDING_IDENTITY_KEY } from '../../registration/pending-identity.js';

/**
 * A verification code flow's state, kept server-side in the oidc-provider interaction (its `result`, never sent to the
 * browser): what the code is for (signing in, or creating an account), the address it was sent to and when, and
 * once it passed, the consumed code's id (spent by what it verified). Nothing of the code itself.
 */
export interface CodeState {
  purpose: 'SignIn' | 'Register';
  kind: CodeKind;
  /** The address as typed: an email address or a phone number. */
  to: string;
  /** When the last code was sent (epoch milliseconds): a new one only after the resend countdown. */
  sentAt: number;
  /** Set once the code passed: the consumed passcode's id. */
  verificationId?: string | undefined;
}

const isState = (value: unknown): value is CodeState => {
  const state = value as Partial<CodeState> | undefined;
  return (
    typeof state === 'object' &&
    state !== null &&
    (state.purpose === 'SignIn' || state.purpose === 'Register') &&
    (state.kind === 'email' || state.kind === 'phone') &&
    typeof state.to === 'string' &&
    typeof state.sentAt === 'number'
  );
};

// A registration by code may be completing an identity a provider verified: it keeps it.
const stored = flowState('verificationCode', isState, [PENDING_IDENTITY_KEY]);

export const readCodeState = stored.read;

/** Stores the state with the interaction; `undefined` ends the flow. */
export const saveCodeState = stored.save;

/** The address a registration verified by its code, when the interaction holds one. */
export const verifiedRegistration = (interaction: Interaction) => {
  const state = readCodeState(interaction);
  return state?.purpose === 'Register' && state.verificationId ? state : undefined;
};
