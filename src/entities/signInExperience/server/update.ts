import type { SignInExperience } from '../../../generated/types.js';
import type { BeforeWriteOverride, HookContext } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { storedBranding } from './default-logos.js';
import { isSupportedLanguage } from './languages.js';
import { withPasswordPolicyDefaults } from './password-policy.js';
import {
  forgotPasswordAvailability,
  isMfaEnabled,
  parseEmailBlocklistPolicy,
  validateAdaptiveMfa,
  validateForgotPasswordMethods,
  validateMfa,
  validateSignIn,
  validateSignUp,
} from './rules.js';
import { socialConnectorTargets, tenantSenders } from './senders.js';
import { findCaseConflicts } from './username-conflicts.js';

type Patch = Partial<SignInExperience>;

const cloudOnly = (details: string) => new ApiError('request.invalid_input', { details });

/** A patch's password expiration as Logto stores it: `enabledAt` is the server's, stamped when it is switched on. */
const passwordExpiration = (sent: Patch['passwordExpiration'], stored: SignInExperience['passwordExpiration']) => {
  const merged = sent?.enabled === false ? { enabled: false } : { ...stored, ...sent };
  if (!merged.enabled) return { enabled: false };
  const days = (merged as { validPeriodDays?: unknown }).validPeriodDays;
  if (!Number.isInteger(days) || (days as number) < 1) {
    throw new ApiError('sign_in_experiences.password_expiration_invalid_period_days');
  }
  const enabledAt = stored.enabled ? (stored as { enabledAt?: number }).enabledAt : undefined;
  return { enabled: true, validPeriodDays: days as number, enabledAt: enabledAt ?? Date.now() };
};

/**
 * The checks of Logto's `PATCH /api/sign-in-exp` on the settings as they would be stored, and the values it stores
 * in place of what was sent (password policy defaults, deduplicated blocklists, adaptive MFA switched off with MFA,
 * the server's own logos as the default).
 * A refused patch throws before anything is written.
 */
export const checkSignInExperienceUpdate = async (
  values: Entity,
  { db, tenantId, stored, context, model, modelOf }: HookContext,
) => {
  const patch = values as Patch;
  const current = stored as SignInExperience | undefined;
  if (!current) return values;
  const cloud = context.edition === 'cloud';
  if (patch.hideLogtoBranding && !cloud) throw cloudOnly('Hide Logto branding is not supported in this environment');
  const csp = patch.customUiCsp;
  if (!cloud && ((csp?.scriptSrc?.length ?? 0) > 0 || (csp?.connectSrc?.length ?? 0) > 0)) {
    throw cloudOnly('Custom UI CSP configuration is not available');
  }
  const language = patch.languageInfo?.fallbackLanguage;
  if (language && !(await isSupportedLanguage(db, tenantId, language))) {
    throw new ApiError('sign_in_experiences.unsupported_default_language', { language });
  }
  if (patch.usernamePolicy?.caseSensitive === false && current.usernamePolicy.caseSensitive !== false) {
    const conflicts = await findCaseConflicts(db, tenantId, 20);
    if (conflicts.totalConflicts > 0) {
      throw new ApiError('sign_in_experiences.username_policy_case_conflicts_exist', {}, conflicts);
    }
  }
  const senders = await tenantSenders(db, tenantId, modelOf('connector'));
  if (patch.signUp) validateSignUp(patch.signUp, senders);
  if (patch.signIn) validateSignIn(patch.signIn, patch.signUp ?? current.signUp, senders, patch.mfa ?? current.mfa);
  if (patch.mfa) validateMfa(patch.mfa, patch.signIn ?? current.signIn);
  validateAdaptiveMfa(patch, current);
  if (patch.forgotPasswordMethods) validateForgotPasswordMethods(patch.forgotPasswordMethods, senders);

  const next: Patch = { ...patch };
  // The server's own logos as read (at this caller's origin) are stored as the default, which follows the server.
  if (patch.branding) next.branding = storedBranding(model, patch.branding, context.origin) as Patch['branding'];
  if (patch.mfa && !isMfaEnabled(patch.mfa) && patch.adaptiveMfa === undefined) next.adaptiveMfa = { enabled: false };
  if (patch.socialSignInConnectorTargets) {
    const available = await socialConnectorTargets(db, tenantId, modelOf('connector'));
    next.socialSignInConnectorTargets = patch.socialSignInConnectorTargets.filter((target) => available.has(target));
  }
  if (patch.emailBlocklistPolicy) next.emailBlocklistPolicy = parseEmailBlocklistPolicy(patch.emailBlocklistPolicy);
  if (patch.passwordPolicy) next.passwordPolicy = withPasswordPolicyDefaults(patch.passwordPolicy);
  if (patch.passwordExpiration || patch.forgotPasswordMethods) {
    const expiration = passwordExpiration(patch.passwordExpiration, current.passwordExpiration);
    if (expiration.enabled) {
      const available = forgotPasswordAvailability(
        patch.forgotPasswordMethods ?? current.forgotPasswordMethods,
        senders,
      );
      if (!available.email && !available.phone) {
        throw new ApiError('sign_in_experiences.password_expiration_requires_forgot_password');
      }
    }
    if (patch.passwordExpiration) next.passwordExpiration = expiration as SignInExperience['passwordExpiration'];
  }
  return next as Entity;
};

export const signInExperienceUpdateHook: BeforeWriteOverride = {
  kind: 'beforeWrite',
  run: checkSignInExperienceUpdate,
};
