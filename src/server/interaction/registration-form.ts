import type { Translator } from '../locales/index.js';
import { checkPassword, passwordPolicy } from '../users/password-policy.js';
import { emailRule, identifierKind, usernameRule } from '../users/store.js';
import type { Form } from './context.js';
import { type PageExperience, termsMustBeTicked } from './experience.js';
import { type FieldErrors, registrationFields } from './forms.js';

const phonePattern = /^\+?[\d\s()-]+$/;

/** The registration form's values a `login_hint` fills in: the field its kind of identifier belongs in. */
export const hintedValues = (hint: string | undefined): Record<string, string> => {
  if (!hint) return {};
  const kind = identifierKind(hint);
  return kind === 'username' ? { username: hint } : { [kind]: hint, emailOrPhone: hint };
};

/**
 * Checks the registration form against the sign-up identifiers: a username, an email and/or a phone number (or one
 * field for either), the password against the policy and its confirmation, and the terms where they must be ticked.
 */
export const validateRegistration = (tr: Translator, experience: PageExperience, form: Form) => {
  const fields = registrationFields(experience);
  const value = (name: string) => (form[name] ?? '').trim();
  const either = value('emailOrPhone');
  const eitherKind = either ? identifierKind(either) : undefined;
  const username = fields.username ? value('username') : '';
  const email = fields.emailOrPhone
    ? eitherKind === 'email'
      ? either
      : ''
    : fields.email !== 'none'
      ? value('email')
      : '';
  const phone = fields.emailOrPhone
    ? eitherKind === 'phone'
      ? either
      : ''
    : fields.phone !== 'none'
      ? value('phone')
      : '';
  const password = form.password ?? '';
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (fields.username) {
    if (!username) add('username', tr.t('errors:username_required'));
    else if (username.length > usernameRule.maxLength) {
      add('username', tr.t('errors:username_too_long', { max: usernameRule.maxLength }));
    } else if (!usernameRule.pattern.test(username)) add('username', tr.t('errors:username_invalid'));
  }
  if (fields.emailOrPhone && (!either || eitherKind === 'username'))
    add('emailOrPhone', tr.t('errors:email_or_phone_required'));
  const emailField = fields.emailOrPhone ? 'emailOrPhone' : 'email';
  if (fields.email === 'required' && !email) add(emailField, tr.t('errors:email_required'));
  else if (email && email.length > emailRule.maxLength)
    add(emailField, tr.t('errors:email_too_long', { max: emailRule.maxLength }));
  else if (email && !emailRule.pattern.test(email)) add(emailField, tr.t('errors:email_invalid'));
  const phoneField = fields.emailOrPhone ? 'emailOrPhone' : 'phone';
  if (fields.phone === 'required' && !phone) add(phoneField, tr.t('errors:phone_required'));
  else if (phone && (phone.length > 128 || !phonePattern.test(phone))) add(phoneField, tr.t('errors:phone_invalid'));
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
  if (termsMustBeTicked(experience, 'register') && form.agreeToTerms !== 'true') {
    add('agreeToTerms', tr.t('errors:terms_not_agreed'));
  }
  const values = { username, email, phone, emailOrPhone: either };
  return { username, email, phone, password, values, errors };
};
