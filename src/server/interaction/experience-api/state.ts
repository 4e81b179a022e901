import { randomBytes } from 'node:crypto';
import { ApiError } from '../../http/api-error.js';
import type { InteractionEvent } from '../audit.js';
import { flowState } from '../flow-state.js';

export const INTERACTION_EVENTS = ['SignIn', 'Register', 'ForgotPassword'] as const;

/** What a verification names: Logto's `VerificationIdentifier`. */
export interface VerificationIdentifier {
  type: 'username' | 'email' | 'phone';
  value: string;
}

/** Logto's verification types this API makes. */
export type VerificationType =
  | 'Password'
  | 'EmailVerificationCode'
  | 'PhoneVerificationCode'
  | 'NewPasswordIdentity'
  | 'Totp'
  | 'BackupCode';

/** A password kept only as its hash (a new account's, or a reset one), never as typed. */
export interface PasswordHash {
  encrypted: string;
  method: string;
}

/** One verification of the interaction, as Logto keeps it: by type, a newer one replacing the older. */
export interface VerificationRecord {
  id: string;
  type: VerificationType;
  identifier?: VerificationIdentifier | undefined;
  verified: boolean;
  /** The account the verification proved (a password's, an MFA factor's). */
  userId?: string | undefined;
  /** The interaction event a code was sent for (its template). */
  interactionEvent?: InteractionEvent | undefined;
  /** The passcode record a verified code consumed (spent once, by the identification that uses it). */
  passcodeId?: string | undefined;
  /** A new account's password (NewPasswordIdentity). */
  password?: PasswordHash | undefined;
}

/** A new TOTP secret of the interaction: `verified` once a code of it passed, `bound` once the profile took it. */
export interface TotpBinding {
  verificationId: string;
  secret: string;
  verified: boolean;
  /** The time step of the code that proved it: the factor is stored with it, so that code is not taken again. */
  step?: number | undefined;
  bound: boolean;
}

/** The profile the interaction collects for a new account (or a reset password). */
export interface ExperienceProfile {
  username?: string | undefined;
  primaryEmail?: string | undefined;
  primaryPhone?: string | undefined;
  password?: PasswordHash | undefined;
}

/**
 * An Experience API interaction, kept server-side in the oidc-provider interaction (its `result`) like the pages'
 * flows: the event, the verifications so far, the identified account and the profile collected.
 */
export interface ExperienceState {
  event: InteractionEvent;
  records: VerificationRecord[];
  userId?: string | undefined;
  profile: ExperienceProfile;
  /** A CAPTCHA token was accepted when the interaction started (`PUT /api/experience` with `captchaToken`). */
  captchaVerified?: boolean | undefined;
  /** An authenticator app being bound: its secret, proved by a code, bound to the account when the interaction ends. */
  totpBinding?: TotpBinding | undefined;
  /** The user chose to skip the optional MFA prompt. */
  mfaSkipped?: boolean | undefined;
}

const isState = (value: unknown): value is ExperienceState => {
  const state = value as Partial<ExperienceState> | undefined;
  return (
    typeof state === 'object' &&
    state !== null &&
    INTERACTION_EVENTS.includes(state.event as InteractionEvent) &&
    Array.isArray(state.records) &&
    typeof state.profile === 'object'
  );
};

export const experienceState = flowState('experience', isState);

/** A new verification id: Logto's are 21 characters of its standard alphabet. */
export const newVerificationId = () => randomBytes(16).toString('base64url').slice(0, 21);

/** The state with a record set: one per type, a newer one replacing the older (Logto's record map). */
export const withRecord = (state: ExperienceState, record: VerificationRecord): ExperienceState => ({
  ...state,
  records: [...state.records.filter((existing) => existing.type !== record.type), record],
});

/** The record of an id (of one of the types given), or 404 `session.verification_session_not_found`. */
export const recordOf = (state: ExperienceState, id: unknown, types?: readonly VerificationType[]) => {
  const record = state.records.find((existing) => existing.id === id);
  if (!record || (types && !types.includes(record.type))) throw new ApiError('session.verification_session_not_found');
  return record;
};
