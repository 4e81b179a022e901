import type { Translator } from '../locales/index.js';
import { checkPassword, passwordPolicy } from '../users/password-policy.js';
import { emailRule, usernameRule } from '../users/store.js';
import type { Form } from './context.js';
import type { FieldErrors } from './views.js';

/** Checks the registration form: username, optional email, password against the policy, and its confirmation. */
export const validateRegistration = (tr: Translator, form: Form) => {
  const username = (form.username ?? '').trim();
  const email = (form.email ?? '').trim();
  const password = form.password ?? '';
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (!username) add('username', tr.t('errors:username_required'));
  else if (username.length > usernameRule.maxLength) {
    add('username', tr.t('errors:username_too_long', { max: usernameRule.maxLength }));
  } else if (!usernameRule.pattern.test(username)) add('username', tr.t('errors:username_invalid'));
  if (email && email.length > emailRule.maxLength)
    add('email', tr.t('errors:email_too_long', { max: emailRule.maxLength }));
  else if (email && !emailRule.pattern.test(email)) add('email', tr.t('errors:email_invalid'));
  for (const code of checkPassword(password)) {
    add(
      'password',
      tr.t(`errors:${code}`, {
        min: passwordPolicy.minLength,
        max: passwordPolicy.maxLength,
        count: passwordPolicy.characterTypes,
      }),
    );
  }
  if (password !== (form.passwordConfirm ?? '')) add('passwordConfirm', tr.t('errors:password_mismatch'));
  return { username, email, password, errors };
};
