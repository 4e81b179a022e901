import type { SignInExperience } from '../../../generated/types.js';
import { ApiError } from '../../../server/http/api-error.js';

/**
 * Logto's rules for a sign-in experience that contradicts itself (`sign_in_experiences.*`): a sign-up identifier
 * that needs a sender the tenant lacks, a sign-in method with no factor, MFA factors that clash with sign-in codes.
 * Each takes the settings as they would be stored and throws the code Logto answers.
 */

type SignUp = SignInExperience['signUp'];
type SignIn = SignInExperience['signIn'];
type Mfa = SignInExperience['mfa'];

/** The message senders a tenant has set up: an email connector, an SMS connector. */
export interface Senders {
  email: boolean;
  sms: boolean;
}

const assert = (condition: boolean, error: () => ApiError) => {
  if (!condition) throw error();
};

const needsSender = (senders: Senders, type: 'Email' | 'Sms') =>
  assert(
    type === 'Email' ? senders.email : senders.sms,
    () => new ApiError('sign_in_experiences.enabled_connector_not_found', { type }),
  );

export const validateSignUp = ({ identifiers, secondaryIdentifiers = [], verify }: SignUp, senders: Senders) => {
  if (secondaryIdentifiers.length > 0) {
    assert(identifiers.length > 0, () => new ApiError('sign_in_experiences.missing_sign_up_identifiers'));
  }
  const primary = new Set<string>(identifiers);
  const secondary = new Set<string>(secondaryIdentifiers.map((item) => item.identifier));
  const duplicated = () => new ApiError('sign_in_experiences.duplicated_sign_up_identifiers');
  assert(primary.size === identifiers.length && secondary.size === secondaryIdentifiers.length, duplicated);
  for (const identifier of secondary) {
    if (identifier === 'emailOrPhone') assert(!primary.has('email') && !primary.has('phone'), duplicated);
    else assert(!primary.has(identifier), duplicated);
  }
  const passwordless = () => new ApiError('sign_in_experiences.passwordless_requires_verify');
  if ([...primary, ...secondary].some((identifier) => identifier !== 'username')) assert(verify, passwordless);
  for (const item of secondaryIdentifiers) assert(item.identifier === 'username' || item.verify === true, passwordless);
  const all = new Set([...primary, ...secondary]);
  if (all.has('email') || all.has('emailOrPhone')) needsSender(senders, 'Email');
  if (all.has('phone') || all.has('emailOrPhone')) needsSender(senders, 'Sms');
};

const codeSignIn = (signIn: SignIn, identifier: 'email' | 'phone') =>
  signIn.methods.some((method) => method.verificationCode && method.identifier === identifier);

export const validateSignIn = (signIn: SignIn, signUp: SignUp, senders: Senders, mfa?: Mfa) => {
  if (codeSignIn(signIn, 'email')) needsSender(senders, 'Email');
  if (codeSignIn(signIn, 'phone')) needsSender(senders, 'Sms');
  assert(
    signIn.methods.every(({ password, verificationCode }) => password || verificationCode),
    () => new ApiError('sign_in_experiences.at_least_one_authentication_factor'),
  );
  if (signUp.verify && !signUp.password) {
    assert(
      signIn.methods.every(({ verificationCode, identifier }) => verificationCode || identifier === 'username'),
      () => new ApiError('sign_in_experiences.code_sign_in_must_be_enabled'),
    );
  }
  if (!mfa) return;
  if (codeSignIn(signIn, 'email')) {
    assert(
      !mfa.factors.includes('EmailVerificationCode'),
      () => new ApiError('sign_in_experiences.email_verification_code_cannot_be_used_for_sign_in'),
    );
  }
  if (codeSignIn(signIn, 'phone')) {
    assert(
      !mfa.factors.includes('PhoneVerificationCode'),
      () => new ApiError('sign_in_experiences.phone_verification_code_cannot_be_used_for_sign_in'),
    );
  }
};

export const validateMfa = (mfa: Mfa, signIn?: SignIn) => {
  assert(
    new Set(mfa.factors).size === mfa.factors.length,
    () => new ApiError('sign_in_experiences.duplicated_mfa_factors'),
  );
  if (mfa.factors.includes('BackupCode')) {
    assert(mfa.factors.length > 1, () => new ApiError('sign_in_experiences.backup_code_cannot_be_enabled_alone'));
  }
  if (signIn && mfa.factors.includes('EmailVerificationCode')) {
    assert(
      !codeSignIn(signIn, 'email'),
      () => new ApiError('sign_in_experiences.email_verification_code_cannot_be_used_for_mfa'),
    );
  }
  if (signIn && mfa.factors.includes('PhoneVerificationCode')) {
    assert(
      !codeSignIn(signIn, 'phone'),
      () => new ApiError('sign_in_experiences.phone_verification_code_cannot_be_used_for_mfa'),
    );
  }
};

export const isMfaEnabled = (mfa: Mfa | undefined) => (mfa?.factors.length ?? 0) > 0;

const nonSkippable = (policy: Mfa['policy']) =>
  policy === 'PromptAtSignInAndSignUpMandatory' || policy === 'PromptOnlyAtSignInMandatory';

/** Adaptive MFA needs MFA with a prompt that cannot be skipped, and a prompt that cannot be skipped needs it. */
export const validateAdaptiveMfa = (
  sent: { mfa?: Mfa | undefined; adaptiveMfa?: SignInExperience['adaptiveMfa'] | undefined },
  stored: Pick<SignInExperience, 'mfa' | 'adaptiveMfa'>,
) => {
  const mfa = sent.mfa ?? stored.mfa;
  const adaptive = sent.adaptiveMfa?.enabled;
  const requiresNonSkippable = () => new ApiError('sign_in_experiences.adaptive_mfa_requires_non_skippable_policy');
  const requiresSkippable = () => new ApiError('sign_in_experiences.non_adaptive_mfa_requires_skippable_policy');
  if (adaptive === true) {
    assert(isMfaEnabled(mfa), () => new ApiError('sign_in_experiences.adaptive_mfa_requires_mfa'));
    assert(nonSkippable(mfa.policy), requiresNonSkippable);
  }
  if (adaptive === false) assert(!nonSkippable(mfa.policy), requiresSkippable);
  if (sent.adaptiveMfa === undefined && sent.mfa && isMfaEnabled(sent.mfa)) {
    if (stored.adaptiveMfa.enabled) assert(nonSkippable(sent.mfa.policy), requiresNonSkippable);
    else assert(!nonSkippable(sent.mfa.policy), requiresSkippable);
  }
};

/** Which ways to reset a forgotten password work: those asked for (all when null) whose sender exists. */
export const forgotPasswordAvailability = (
  methods: SignInExperience['forgotPasswordMethods'],
  senders: Senders,
): { email: boolean; phone: boolean } => ({
  email: senders.email && (!methods || methods.includes('EmailVerificationCode')),
  phone: senders.sms && (!methods || methods.includes('PhoneVerificationCode')),
});

export const validateForgotPasswordMethods = (
  methods: NonNullable<SignInExperience['forgotPasswordMethods']>,
  senders: Senders,
) => {
  const available = forgotPasswordAvailability(methods, senders);
  if (methods.includes('EmailVerificationCode') && !available.email) {
    throw new ApiError('sign_in_experiences.forgot_password_method_requires_connector', { method: 'email' });
  }
  if (methods.includes('PhoneVerificationCode') && !available.phone) {
    throw new ApiError('sign_in_experiences.forgot_password_method_requires_connector', { method: 'sms' });
  }
};

/** An email address, a domain (`@example.com`) or either with `*` wildcards. */
const blocklistItem = /^[^\s@]*@[^\s@.*]?[^\s@]*\.[^\s@]*[^\s@.]$/;

/** The custom lists deduplicated; an item that is neither an address nor a domain is refused with all such items. */
export const parseEmailBlocklistPolicy = (
  policy: SignInExperience['emailBlocklistPolicy'],
): SignInExperience['emailBlocklistPolicy'] => {
  const parse = (list: string[]) => {
    const unique = [...new Set(list)];
    const invalid = unique.filter((item) => !blocklistItem.test(item) || item.includes('..'));
    if (invalid.length > 0) {
      throw new ApiError('sign_in_experiences.invalid_custom_email_blocklist_format', { items: invalid.join(', ') });
    }
    return unique;
  };
  const { customAllowlist, customBlocklist, ...rest } = policy;
  return {
    ...rest,
    ...(customAllowlist ? { customAllowlist: parse(customAllowlist) } : {}),
    ...(customBlocklist ? { customBlocklist: parse(customBlocklist) } : {}),
  };
};
