import { checkPassword, type PasswordIssue } from '../../../entities/user/server/account/password-policy.js';
import { hashPassword, PASSWORD_METHOD } from '../../../entities/user/server/account/passwords.js';
import { ApiError } from '../../http/api-error.js';
import type { MethodTools } from '../methods/method.js';
import type { signInActions } from '../sign-in-actions.js';
import type { codeSender } from '../verification-code/send-code.js';
import type { InteractionReader } from './call.js';
import type { PasswordHash } from './state.js';

/** What the Experience API works with: the sign-in pages' tools, a code sender and the interaction reader. */
export interface ExperienceTools extends MethodTools {
  sendCode: ReturnType<typeof codeSender>;
  read: InteractionReader;
  /** Whether the tenant's post-sign-in action refuses the sign-in. */
  postSignInRefuses: ReturnType<typeof signInActions>['postSignInRefuses'];
}

/**
 * A new password checked against the tenant's policy (with what the account is known by), then hashed: 422
 * `password.rejected` with the policy's issues, as Logto's Experience API answers.
 */
export const acceptedPassword = async (
  tools: ExperienceTools,
  tenantId: string,
  password: string,
  userInfo: { username?: string; email?: string; phoneNumber?: string },
): Promise<PasswordHash> => {
  const { passwordPolicy } = await tools.settingsOf(tenantId);
  const issues: PasswordIssue[] = await checkPassword(password, passwordPolicy, { userInfo, breached: tools.breached });
  if (issues.length > 0) throw new ApiError('password.rejected', {}, { result: issues });
  return { encrypted: await hashPassword(password), method: PASSWORD_METHOD };
};
