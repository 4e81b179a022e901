import { ApiError } from '../../../../server/http/api-error.js';
import { type BreachCheck, checkPassword, type UserInfo } from './password-policy.js';
import { hashPassword, PASSWORD_METHOD } from './passwords.js';
import type { SecuritySettings } from './security-settings.js';

/** What checking a user's new password needs: the tenant's policies and the breach check. */
export interface PasswordChecks {
  settingsOf: (tenantId: string) => Promise<Pick<SecuritySettings, 'passwordPolicy'>>;
  breached?: BreachCheck | undefined;
}

/**
 * A new password a user chose (an Experience API sign-up or reset, an Account API change), held to the tenant's
 * policy with what the account is known by, then hashed: 422 `password.rejected` with the policy's issues, as Logto.
 */
export const acceptedPassword = async (
  checks: PasswordChecks,
  tenantId: string,
  password: string,
  userInfo: UserInfo,
): Promise<{ encrypted: string; method: string }> => {
  const { passwordPolicy } = await checks.settingsOf(tenantId);
  const issues = await checkPassword(password, passwordPolicy, { userInfo, breached: checks.breached });
  if (issues.length > 0) throw new ApiError('password.rejected', {}, { result: issues });
  return { encrypted: await hashPassword(password), method: PASSWORD_METHOD };
};
