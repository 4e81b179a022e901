import type { Translator } from '../locales/index.js';
import { emailBlocklistIssue } from '../users/email-blocklist.js';
import { type BreachCheck, checkPassword, issueParams } from '../users/password-policy.js';
import type { SecuritySettings } from '../users/security-settings.js';
import { emailRule, usernameRule } from '../users/store.js';
import type { Form } from './context.js';
import type { FieldErrors } from './views.js';

export interface RegistrationChecks {
  settings: Pick<SecuritySettings, 'passwordPolicy' | 'emailBlocklistPolicy'>;
  /** Whether a password is known from breaches (asked only when the policy rejects them). */
  breached?: BreachCheck | undefined;
}

/**
 * Checks the registration form: username, optional email (format, then the tenant's email blocklist), the password
 * against the tenant's policy (with what the user entered as their information), and its confirmation. `code` is
 * the first refusal's error code, as Logto's experience API would answer it.
 */
export const validateRegistration = async (tr: Translator, form: Form, { settings, breached }: RegistrationChecks) => {
  const username = (form.username ?? '').trim();
  const email = (form.email ?? '').trim();
  const password = form.password ?? '';
  const errors: FieldErrors = {};
  let code: string | undefined;
  const add = (field: string, message: string, reason = 'guard.invalid_input') => {
    errors[field] = [...(errors[field] ?? []), message];
    code ??= reason;
  };
  if (!username) add('username', tr.t('errors:username_required'));
  else if (username.length > usernameRule.maxLength) {
    add('username', tr.t('errors:username_too_long', { max: usernameRule.maxLength }));
  } else if (!usernameRule.pattern.test(username)) add('username', tr.t('errors:username_invalid'));
  if (email && email.length > emailRule.maxLength)
    add('email', tr.t('errors:email_too_long', { max: emailRule.maxLength }));
  else if (email && !emailRule.pattern.test(email)) add('email', tr.t('errors:email_invalid'));
  else if (email) {
    const refused = emailBlocklistIssue(settings.emailBlocklistPolicy, email);
    if (refused) add('email', tr.t(`errors:${refused}`), refused);
  }
  const userInfo = { username, email };
  for (const issue of await checkPassword(password, settings.passwordPolicy, { userInfo, breached })) {
    add('password', tr.t(`errors:${issue.code}`, issueParams(issue)), 'password.rejected');
  }
  if (password !== (form.passwordConfirm ?? '')) add('passwordConfirm', tr.t('errors:password_mismatch'));
  return { username, email, password, errors, code };
};
