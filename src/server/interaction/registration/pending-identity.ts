import type { IdentifierKind, PageExperience } from '../experience.js';
import { flowState } from '../flow-state.js';

/**
 * An identity a sign-in method verified (a social provider's user) that has no account yet, while sign-up asks for
 * what the provider did not give (Logto's profile fulfilment): kept server-side in the interaction until the
 * registration form completes the account, which the method that verified it then takes (`completeSignUp`).
 */
export interface PendingIdentity {
  /** The sign-in method that verified it (its module's key). */
  method: string;
  /** The email address the provider vouches for, when it verified one. */
  email?: string | undefined;
  /** The method's own record of the identity (what it needs to give it to the new account). */
  data: Record<string, unknown>;
}

const isPending = (value: unknown): value is PendingIdentity => {
  const pending = value as Partial<PendingIdentity> | undefined;
  return (
    typeof pending === 'object' &&
    pending !== null &&
    typeof pending.method === 'string' &&
    (pending.email === undefined || typeof pending.email === 'string') &&
    typeof pending.data === 'object' &&
    pending.data !== null
  );
};

/** The key it is kept under: a registration by code (verifying the address sign-up still asks for) keeps it. */
export const PENDING_IDENTITY_KEY = 'pendingIdentity';

const stored = flowState(PENDING_IDENTITY_KEY, isPending);

/** The interaction's pending identity, from its stored result (read while the interaction is loaded). */
export const readPendingIdentity = stored.read;

/** Keeps the identity with the interaction; `undefined` drops it. */
export const savePendingIdentity = stored.save;

/**
 * What sign-up still asks of an account for the identity: the sign-up identifiers the provider did not give (a
 * username always; an email unless it vouched for one, which also stands for "email or phone"), verified by a code
 * where sign-up verifies them, and no password: the identity signs in instead (Logto's rule).
 */
export const experienceForPending = (experience: PageExperience, pending: PendingIdentity): PageExperience => {
  const kinds = experience.signUpIdentifiers;
  const either = kinds.includes('email') && kinds.includes('phone') && !kinds.includes('username');
  const given = (kind: IdentifierKind) => pending.email !== undefined && (kind === 'email' || either);
  const missing = kinds.filter((kind) => !given(kind));
  const verified = experience.signUpVerifiedKinds.filter((kind) => missing.includes(kind));
  return {
    ...experience,
    signUpIdentifiers: missing,
    signUpVerifiedKinds: verified,
    signUpNeedsCode: verified.length > 0,
    signUpPassword: false,
  };
};

/** Whether sign-up asks anything more of the identity before its account is made. */
export const pendingAsksMore = (experience: PageExperience, pending: PendingIdentity) =>
  experienceForPending(experience, pending).signUpIdentifiers.length > 0;
