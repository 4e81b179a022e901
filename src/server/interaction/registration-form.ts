import { emailBlocklistIssue } from '../../entities/user/server/account/email-blocklist.js';
import { type BreachCheck, checkPassword, issueParams } from '../../entities/user/server/account/password-policy.js';
import type { SecuritySettings } from '../../entities/user/server/account/security-settings.js';
import { type IdentifierRule, identifierKind, type NewUser } from '../../entities/user/server/account/store.js';
import type { Translator } from '../locales/index.js';
import type { Form } from './context.js';
import { type CodeKind, type PageExperience, termsMustBeTicked } from './experience.js';
import { type FieldErrors, registrationFields } from './forms.js';
import { readProfileFields } from './profile-fields.js';

const phonePattern = /^\+?[\d\s()-]+$/;

/** The registration form's values a `login_hint` fills in: the field its kind of identifier belongs in. */
export const hintedValues = (hint: string | undefined): Record<string, string> => {
  if (!hint) return {};
  const kind = identifierKind(hint);
  return kind === 'username' ? { username: hint } : { [kind]: hint, emailOrPhone: hint };
};

/** What the registration form had typed in its identifier fields (never the passwords), to show it again. */
export const typedValues = (form: Form | undefined): Record<string, string> =>
  Object.fromEntries(
    (['username', 'email', 'phone', 'emailOrPhone'] as const).map((name) => [name, (form?.[name] ?? '').trim()]),
  );

/** The form with the address a code verified in its field: what was typed there does not count. */
export const withVerifiedAddress = (
  experience: PageExperience,
  form: Form,
  verified: { kind: CodeKind; to: string },
) => {
  const field = registrationFields(experience).emailOrPhone ? 'emailOrPhone' : verified.kind;
  return { ...form, [field]: verified.to };
};

export interface RegistrationChecks {
  settings: Pick<SecuritySettings, 'passwordPolicy' | 'emailBlocklistPolicy'>;
  /** Whether a password is known from breaches (asked only when the policy rejects them). */
  breached?: BreachCheck | undefined;
  /** The user schema's identifier rules (`UserStore.rules`). */
  rules: { username: IdentifierRule; email: IdentifierRule };
}

/**
 * Checks the registration form against the sign-up identifiers: a username, an email (format, then the tenant's
 * email blocklist) and/or a phone number (or one field for either), the password against the tenant's policy (with
 * what the user entered as their information) and its confirmation, and the terms where they must be ticked. `code`
 * is the first refusal's error code, as Logto's experience API would answer it.
 */
export const validateRegistration = async (
  tr: Translator,
  experience: PageExperience,
  form: Form,
  { settings, breached, rules }: RegistrationChecks,
) => {
  const { username: usernameRule, email: emailRule } = rules;
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
  const password = experience.signUpPassword ? (form.password ?? '') : undefined;
  const errors: FieldErrors = {};
  let code: string | undefined;
  const add = (field: string, message: string, reason = 'guard.invalid_input') => {
    errors[field] = [...(errors[field] ?? []), message];
    code ??= reason;
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
  else if (email) {
    const refused = emailBlocklistIssue(settings.emailBlocklistPolicy, email);
    if (refused) add(emailField, tr.t(`errors:${refused}`), refused);
  }
  const phoneField = fields.emailOrPhone ? 'emailOrPhone' : 'phone';
  if (fields.phone === 'required' && !phone) add(phoneField, tr.t('errors:phone_required'));
  else if (phone && (phone.length > 128 || !phonePattern.test(phone))) add(phoneField, tr.t('errors:phone_invalid'));
  const userInfo = { username, email, phoneNumber: phone };
  // A sign-up without a password (`signUp.password: false`) signs in by verification codes.
  if (password !== undefined) {
    for (const issue of await checkPassword(password, settings.passwordPolicy, { userInfo, breached })) {
      add('password', tr.t(`errors:${issue.code}`, issueParams(issue)), 'password.rejected');
    }
    if (password !== (form.passwordConfirm ?? '')) add('passwordConfirm', tr.t('errors:password_mismatch'));
  }
  if (termsMustBeTicked(experience, 'register') && form.agreeToTerms !== 'true') {
    add('agreeToTerms', tr.t('errors:terms_not_agreed'));
  }
  const profileFields = readProfileFields(tr, experience.profileFields, form);
  for (const [field, messages] of Object.entries(profileFields.errors)) {
    for (const message of messages ?? []) add(field, message);
  }
  const { profile, customData } = profileFields;
  const values = { username, email, phone, emailOrPhone: either, ...profileFields.values };
  return { username, email, phone, password, profile, customData, values, errors, code };
};

/** The account a valid registration form creates: its identifiers, password and the profile fields' values. */
export const newUserOf = ({
  username,
  email,
  phone,
  password,
  profile,
  customData,
}: Awaited<ReturnType<typeof validateRegistration>>): NewUser => ({
  username: username || null,
  primaryEmail: email || null,
  primaryPhone: phone || null,
  password,
  ...(Object.keys(profile).length > 0 ? { profile } : {}),
  ...(Object.keys(customData).length > 0 ? { customData } : {}),
});
