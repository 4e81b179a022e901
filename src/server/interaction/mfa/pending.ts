import type { Interaction } from '../context.js';
import { flowState } from '../flow-state.js';
import type { MfaEvent } from './policy.js';

/**
 * What an interaction holds between its first factor and its end, kept server-side in the oidc-provider
 * interaction itself (its `result`, persisted with it and never sent to the browser). The interaction's end
 * replaces it with the login result, so nothing of it outlives the flow.
 */
export interface PendingMfa {
  /** The user who passed the first factor (password) or registered: the only one MFA pages act for. */
  userId: string;
  event: MfaEvent;
  /**
   * The kind of identifier typed at sign-in (`username`, `email`), or the method (`social`, `sso`): for the audit
   * log; a single sign-on skips MFA.
   */
  identifier?: string | undefined;
  /** A factor of the user's was verified in this interaction. */
  verified?: boolean;
  /** The user skipped the optional prompt. */
  skipped?: boolean;
  /**
   * Each factor module's own state, under its slug: a TOTP secret being bound, the backup codes shown... A module
   * reads and writes only its own (`factorState`, `withFactorState`).
   */
  factors?: Record<string, unknown>;
}

/** A factor module's state in the pending state. */
export const factorState = <T>(pending: PendingMfa, slug: string): T | undefined =>
  pending.factors?.[slug] as T | undefined;

/** The pending state with a factor module's state replaced. */
export const withFactorState = (pending: PendingMfa, slug: string, state: unknown): PendingMfa => ({
  ...pending,
  factors: { ...pending.factors, [slug]: state },
});

const isPending = (value: unknown): value is PendingMfa => {
  const pending = value as Partial<PendingMfa> | undefined;
  return (
    typeof pending === 'object' &&
    pending !== null &&
    typeof pending.userId === 'string' &&
    (pending.event === 'SignIn' || pending.event === 'Register')
  );
};

const stored = flowState('pendingMfa', isPending);

/** The interaction's pending MFA state, when its first factor passed. */
export const readPending = stored.read;

/** Stores the pending state with the interaction (until the interaction expires). */
export const savePending = (interaction: Interaction, pending: PendingMfa) => stored.save(interaction, pending);
