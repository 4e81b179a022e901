import { type IdentifierRule, identifierKind } from '../../../entities/user/server/account/store.js';
import type { Translator } from '../../locales/index.js';
import type { CodeKind } from '../experience.js';

const phonePattern = /^\+?[\d\s()-]+$/;

/**
 * The address a code is to go to, as typed, checked against the kinds the flow accepts: an email address (the user
 * schema's rule), or a phone number, sent to and shown as its digits with the country code's `+`
 * (`+1 555 010-0200` is `+15550100200`). Else the refusal's message.
 */
export const codeAddress = (
  tr: Translator,
  emailRule: IdentifierRule,
  kinds: CodeKind[],
  typed: string,
): { kind: CodeKind; to: string; error?: undefined } | { error: string } => {
  if (!typed)
    return {
      error: tr.t(kinds.length === 1 && kinds[0] === 'email' ? 'errors:email_required' : 'errors:identifier_required'),
    };
  const kind = identifierKind(typed);
  // Text that is no address at all, where only an email address is taken, is an invalid email address.
  if (kind === 'username' && kinds.length === 1 && kinds[0] === 'email') return { error: tr.t('errors:email_invalid') };
  if (kind === 'username' || !kinds.includes(kind)) return { error: tr.t('errors:sign_in_method_not_enabled') };
  if (kind === 'email' && (typed.length > emailRule.maxLength || !emailRule.pattern.test(typed))) {
    return { error: tr.t('errors:email_invalid') };
  }
  if (kind === 'phone' && (typed.length > 128 || !phonePattern.test(typed))) {
    return { error: tr.t('errors:phone_invalid') };
  }
  return { kind, to: kind === 'phone' ? `+${typed.replace(/\D/g, '')}` : typed };
};
