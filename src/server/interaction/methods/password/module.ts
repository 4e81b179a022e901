import { needsRehash, verifyPassword } from '../../../../entities/user/server/account/passwords.js';
import { identifierKind } from '../../../../entities/user/server/account/store.js';
import { identifierType } from '../../audit.js';
import { termsMustBeTicked } from '../../experience.js';
import { signInOpen } from '../../pages.js';
import { sentinelTarget } from '../../sentinel.js';
import type { MethodTools, SignInMethodModule } from '../method.js';
import { passwordForm } from './view.js';

/**
 * Signing in with an identifier (username, email or phone, as `signIn.methods` offers with a password) and the
 * password: counted by the lockout against the account the identifier names, an imported hash made Gatehouse's own,
 * a first-factor action asked where the password did not match, then MFA.
 */
const routes = (scope: Parameters<SignInMethodModule['routes']>[0], at: string, tools: MethodTools) => {
  const { page, users, sentinel, audit, pages, flow, captcha } = tools;
  const { showSignIn, showLocked, showError, wrongPrompt } = pages;

  const signIn = page(async (interaction, request, reply) => {
    const { tr, tenantId, details, experience } = interaction;
    if (details.prompt.name !== 'login') return wrongPrompt(interaction, reply);
    if (!signInOpen(experience)) return showError(interaction, reply, 403, tr.t('errors:sign_in_closed'));
    const identifier = (request.body?.identifier ?? '').trim();
    const password = request.body?.password ?? '';
    if (!identifier) return showSignIn(interaction, reply, 400, { error: tr.t('errors:identifier_required') });
    // An email of a domain with single sign-on signs in there, never with a password here.
    const claimed = await tools.claimed(interaction, reply, identifier);
    if (claimed !== undefined) return claimed;
    if (!experience.signInIdentifiers.includes(identifierKind(identifier))) {
      return showSignIn(interaction, reply, 400, { identifier, error: tr.t('errors:sign_in_method_not_enabled') });
    }
    if (!password) {
      return showSignIn(interaction, reply, 400, { identifier, error: tr.t('errors:password_required') });
    }
    if (termsMustBeTicked(experience, 'sign-in') && request.body?.agreeToTerms !== 'true') {
      const termsError = tr.t('errors:terms_not_agreed');
      return showSignIn(interaction, reply, 400, { identifier, error: termsError, termsError });
    }
    const refused = await captcha(interaction, request, 'SignIn');
    if (refused) return showSignIn(interaction, reply, 422, { identifier, error: refused.message });
    // Attempts count against the account the identifier names (its username and email alike), else the identifier.
    const existing = await users.findByIdentifier(tenantId, identifier);
    const verification = { event: 'SignIn', step: 'Verification.Password.Submit' } as const;
    const named = { type: identifierType(identifier), value: identifier };
    const attempted = { ...verification, userId: existing?.id, identifier: named.type };
    const blocked = { code: 'session.verification_blocked_too_many_attempts' };
    const attempt = await sentinel.admit(tenantId, sentinelTarget(identifier, existing?.id), 'Password', named);
    if (attempt.blocked) {
      audit.record(interaction, request, { ...attempted, result: 'Error', error: blocked });
      return showLocked(interaction, reply, attempt);
    }

    const stored = [existing?.passwordEncrypted, password, existing?.passwordEncryptionMethod ?? null] as const;
    const matched = (await verifyPassword(...stored)) && existing !== undefined;
    // A password that did not match may still be verified by the tenant's first-factor action (never a suspended
    // user's), which then creates or updates the user.
    const user = matched
      ? existing
      : existing?.isSuspended
        ? undefined
        : await tools.verifiedByAction(interaction, request, identifier, existing, password);
    if (!user) {
      const after = await sentinel.failed(tenantId, attempt);
      const code = after.blocked ? blocked.code : existing ? 'session.invalid_credentials' : 'user.user_not_exist';
      audit.record(interaction, request, { ...attempted, result: 'Error', error: { code } });
      if (after.blocked) return showLocked(interaction, reply, after);
      return showSignIn(interaction, reply, 400, { identifier, error: tr.t('errors:invalid_credentials') });
    }
    await sentinel.succeeded(tenantId, attempt);
    audit.record(interaction, request, { ...attempted, result: 'Success' });
    const submitted = { event: 'SignIn', step: 'Submit', userId: user.id, identifier: attempted.identifier } as const;
    if (user.isSuspended) {
      audit.record(interaction, request, { ...submitted, result: 'Error', error: { code: 'user.suspended' } });
      return showSignIn(interaction, reply, 403, { identifier, error: tr.t('errors:suspended') });
    }
    // An imported hash becomes Gatehouse's own now, while the password is at hand (never kept for later steps).
    const method = user.passwordEncryptionMethod;
    if (needsRehash(method)) await users.touchSignIn(tenantId, user.id, { password, method });
    // MFA next, where the policy asks; the sign-in is recorded and announced when the interaction ends.
    const pending = { userId: user.id, event: 'SignIn', identifier: attempted.identifier } as const;
    return flow.proceed(interaction, request, reply, user, pending);
  });

  scope.post(`${at}/sign-in`, signIn);
};

/**
 * The password method. It is offered where any identifier signs in with a password, and also where no method is
 * offered at all: the page then still shows the form, whose submission says the method is not enabled.
 */
export const passwordMethod: SignInMethodModule = {
  key: 'password',
  offered: (experience) => experience.signInIdentifiers.length > 0,
  form: passwordForm,
  routes,
};
