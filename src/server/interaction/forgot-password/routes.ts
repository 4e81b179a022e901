import type { FastifyInstance, FastifyReply } from 'fastify';
import { type BreachCheck, checkPassword, issueParams } from '../../../entities/user/server/account/password-policy.js';
import { verifyPassword } from '../../../entities/user/server/account/passwords.js';
import type { SecuritySettings } from '../../../entities/user/server/account/security-settings.js';
import type { UserStore } from '../../../entities/user/server/account/store.js';
import type { Database } from '../../db/database.js';
import type { Outbox } from '../../messages/outbox.js';
import type { interactionAudit } from '../audit.js';
import type { CaptchaGuard } from '../captcha/guard.js';
import type { Interaction, InteractionHandler, Request } from '../context.js';
import type { FieldErrors } from '../forms.js';
import type { interactionPages } from '../pages.js';
import { type Sentinel, sentinelTarget } from '../sentinel.js';
import type { Passcodes } from '../verification-code/passcodes.js';
import { codeSender } from '../verification-code/send-code.js';
import { forgotPasswordAvailable } from './availability.js';
import { forgotPasswordScreens } from './screens.js';
import { readForgotPassword, saveForgotPassword } from './state.js';

type Page = (handler: InteractionHandler) => (request: Request, reply: FastifyReply) => Promise<unknown>;

export interface ForgotPasswordOptions {
  page: Page;
  db: Database;
  users: UserStore;
  sentinel: Sentinel;
  passcodes: Passcodes;
  audit: ReturnType<typeof interactionAudit>;
  pages: ReturnType<typeof interactionPages>;
  settingsOf: (tenantId: string) => Promise<SecuritySettings>;
  breached?: BreachCheck | undefined;
  /** The tenant's CAPTCHA check, asked before a code is sent (Logto's, for an interaction with no user yet). */
  captcha: CaptchaGuard;
  /** Where codes are sent from, beside the request. */
  outbox: Outbox;
}

const EVENT = 'ForgotPassword';
const CODE_SUBMIT = 'Verification.EmailVerificationCode.Submit';

/**
 * Resetting a forgotten password by an email verification code, as Logto's experience API does it: the address
 * (a code is sent only when it names an account, yet the flow goes on the same either way), the code (counted by
 * the lockout like passwords, single use), the new password (the tenant's policy, not the current one), then back
 * to sign-in. Every step is recorded with Logto's `Interaction.ForgotPassword.*` keys; the end is announced as
 * `PostResetPassword`.
 */
export const registerForgotPasswordRoutes = (scope: FastifyInstance, at: string, options: ForgotPasswordOptions) => {
  const { page, db, users, sentinel, passcodes, audit, pages, settingsOf, breached, captcha, outbox } = options;
  const { paths, secondsLeft, showStart, showCode, showPassword } = forgotPasswordScreens(settingsOf, passcodes);
  const redirect = (reply: FastifyReply, to: string) => reply.header('Cache-Control', 'no-store').redirect(to, 303);

  /** Only a sign-in interaction, and only while the tenant offers the reset by email. */
  const flowPage = (handler: InteractionHandler) =>
    page(async (interaction, request, reply) => {
      if (interaction.details.prompt.name !== 'login') return pages.wrongPrompt(interaction, reply);
      if (!(await forgotPasswordAvailable(db, interaction))) {
        const { tr } = interaction;
        return pages.showError(interaction, reply, 404, tr.t('errors:forgot_password_unavailable'));
      }
      return handler(interaction, request, reply);
    });

  const send = codeSender({ db, passcodes, outbox, audit });
  /**
   * Stores a new code for `email` and sends it (Logto's `ForgotPassword` template) when the address names an account;
   * an address that names none gets its code, its record and its place in the rate limit all the same, and nothing
   * is sent. Answers the refusal's code, or nothing once the flow's state names the address.
   */
  const sendCode = async (interaction: Interaction, request: Request, email: string) => {
    const user = await users.findByIdentifier(interaction.tenantId, email);
    const target = { event: EVENT, template: EVENT, kind: 'email', to: email, deliver: Boolean(user) } as const;
    const refused = await send(interaction, request, target);
    if (refused) return refused;
    await saveForgotPassword(interaction, { email, sentAt: Date.now() });
    return undefined;
  };

  const refusalText = (interaction: Interaction, code: string, seconds = 0) =>
    interaction.tr.t(`errors:${code}`, { count: seconds });

  const start = flowPage(async (interaction, _request, reply) => {
    const state = readForgotPassword(interaction);
    const hint = interaction.details.params.login_hint;
    const email = state?.email ?? (typeof hint === 'string' && hint.includes('@') ? hint : undefined);
    return showStart(interaction, reply, 200, email);
  });

  const submitEmail = flowPage(async (interaction, request, reply) => {
    const { tr } = interaction;
    const email = (request.body?.email ?? '').trim();
    if (!email) return showStart(interaction, reply, 400, email, tr.t('errors:email_required'));
    const emailRule = users.rules.email;
    if (email.length > emailRule.maxLength || !emailRule.pattern.test(email)) {
      return showStart(interaction, reply, 400, email, tr.t('errors:email_invalid'));
    }
    const state = readForgotPassword(interaction);
    const wait = state ? secondsLeft(state) : 0;
    if (state && wait > 0) {
      // The same address again (a second click): its code is on its way. Another address waits for the countdown.
      if (state.email.toLowerCase() === email.toLowerCase() && !state.verificationId) {
        return redirect(reply, paths(interaction).code);
      }
      return showStart(interaction, reply, 429, email, refusalText(interaction, 'resend_too_soon', wait));
    }
    const captchaRefused = await captcha(interaction, request, EVENT);
    if (captchaRefused) return showStart(interaction, reply, 422, email, captchaRefused.message);
    const refused = await sendCode(interaction, request, email);
    if (refused) {
      const status = refused === 'request.message_rate_limited' ? 429 : 502;
      return showStart(interaction, reply, status, email, refusalText(interaction, refused));
    }
    return redirect(reply, paths(interaction).code);
  });

  const resend = flowPage(async (interaction, request, reply) => {
    const state = readForgotPassword(interaction);
    if (!state || state.verificationId) return redirect(reply, paths(interaction).start);
    const wait = secondsLeft(state);
    if (wait > 0)
      return showCode(interaction, reply, 429, state, { error: refusalText(interaction, 'resend_too_soon', wait) });
    const captchaRefused = await captcha(interaction, request, EVENT);
    if (captchaRefused) return showCode(interaction, reply, 422, state, { error: captchaRefused.message });
    const refused = await sendCode(interaction, request, state.email);
    if (refused) {
      return showCode(interaction, reply, refused === 'request.message_rate_limited' ? 429 : 502, state, {
        error: refusalText(interaction, refused),
      });
    }
    const sent = readForgotPassword(interaction) ?? state;
    return showCode(interaction, reply, 200, sent, { notice: interaction.tr.t('interaction:forgot_password.resent') });
  });

  const codePage = flowPage(async (interaction, _request, reply) => {
    const state = readForgotPassword(interaction);
    if (!state) return redirect(reply, paths(interaction).start);
    if (state.verificationId) return redirect(reply, paths(interaction).password);
    return showCode(interaction, reply, 200, state);
  });

  const submitCode = flowPage(async (interaction, request, reply) => {
    const { tr, tenantId } = interaction;
    const state = readForgotPassword(interaction);
    if (!state) return redirect(reply, paths(interaction).start);
    if (state.verificationId) return redirect(reply, paths(interaction).password);
    const code = (request.body?.code ?? '').replace(/\s/g, '');
    if (!code) return showCode(interaction, reply, 400, state, { error: tr.t('errors:code_required') });
    const user = await users.findByIdentifier(tenantId, state.email);
    const attempted = { event: EVENT, step: CODE_SUBMIT, identifier: 'email', userId: user?.id } as const;
    const target = sentinelTarget(state.email, user?.id);
    const attempt = await sentinel.admit(tenantId, target, 'VerificationCode', { type: 'email', value: state.email });
    const blocked = { code: 'session.verification_blocked_too_many_attempts' };
    if (attempt.blocked) {
      audit.record(interaction, request, { ...attempted, result: 'Error', error: blocked });
      return pages.showLocked(interaction, reply, attempt);
    }
    const verdict = await passcodes.verify(
      tenantId,
      { jti: interaction.details.uid, type: EVENT, email: state.email },
      code,
    );
    if (verdict.refusal) {
      const after = await sentinel.failed(tenantId, attempt);
      const refusal = after.blocked ? blocked.code : `verification_code.${verdict.refusal}`;
      audit.record(interaction, request, { ...attempted, result: 'Error', error: { code: refusal } });
      if (after.blocked) return pages.showLocked(interaction, reply, after);
      return showCode(interaction, reply, 400, state, { error: tr.t(`errors:verification_code.${verdict.refusal}`) });
    }
    await sentinel.succeeded(tenantId, attempt);
    audit.record(interaction, request, { ...attempted, result: 'Success' });
    // The code names the account now (Logto's identification), which must exist and not be suspended.
    const identified = { event: EVENT, step: 'Identifier.Submit', identifier: 'email', userId: user?.id } as const;
    if (!user || user.isSuspended) {
      const failure = user ? 'user.suspended' : 'user.user_not_exist';
      audit.record(interaction, request, { ...identified, result: 'Error', error: { code: failure } });
      await saveForgotPassword(interaction, undefined);
      const message = tr.t(user ? 'errors:suspended' : 'errors:verification_code.code_mismatch');
      return showStart(interaction, reply, user ? 403 : 400, state.email, message);
    }
    audit.record(interaction, request, { ...identified, result: 'Success' });
    await saveForgotPassword(interaction, { ...state, verificationId: verdict.id, userId: user.id });
    return redirect(reply, paths(interaction).password);
  });

  /** The verified state and its user, or the page to go back to. */
  const verified = async (interaction: Interaction) => {
    const state = readForgotPassword(interaction);
    if (!state?.verificationId || !state.userId) return { back: paths(interaction)[state ? 'code' : 'start'] };
    const user = await users.findById(interaction.tenantId, state.userId);
    if (!user || user.isSuspended) return { back: paths(interaction).start };
    return { state, user };
  };

  const passwordPage = flowPage(async (interaction, _request, reply) => {
    const found = await verified(interaction);
    if (!found.state) return redirect(reply, found.back);
    return showPassword(interaction, reply, 200, found.state);
  });

  const submitPassword = flowPage(async (interaction, request, reply) => {
    const { tr, tenantId } = interaction;
    const found = await verified(interaction);
    if (!found.state) return redirect(reply, found.back);
    const { state, user } = found;
    const password = request.body?.password ?? '';
    const profile = { event: EVENT, step: 'Profile.Update', userId: user.id } as const;
    const errors: FieldErrors = {};
    const { passwordPolicy } = await settingsOf(tenantId);
    const userInfo = {
      name: user.name,
      username: user.username,
      email: user.primaryEmail,
      phoneNumber: user.primaryPhone,
    };
    const issues = await checkPassword(password, passwordPolicy, { userInfo, breached });
    if (issues.length > 0) errors.password = issues.map((issue) => tr.t(`errors:${issue.code}`, issueParams(issue)));
    if (password !== (request.body?.passwordConfirm ?? '')) errors.passwordConfirm = [tr.t('errors:password_mismatch')];
    if (issues.length > 0 || errors.passwordConfirm) {
      const code = issues.length > 0 ? 'password.rejected' : 'guard.invalid_input';
      audit.record(interaction, request, { ...profile, result: 'Error', error: { code } });
      return showPassword(interaction, reply, 422, state, errors);
    }
    // Logto's rule: the new password must not be the current one.
    if (await verifyPassword(user.passwordEncrypted, password, user.passwordEncryptionMethod ?? null)) {
      audit.record(interaction, request, { ...profile, result: 'Error', error: { code: 'user.same_password' } });
      return showPassword(interaction, reply, 422, state, { password: [tr.t('errors:same_password')] });
    }
    // The verification resets one password: a second request carrying it (a double submit) finds it spent.
    if (!(await passcodes.spend(tenantId, state.verificationId as string))) {
      const code = 'session.verification_session_not_found';
      audit.record(interaction, request, {
        event: EVENT,
        step: 'Submit',
        result: 'Error',
        error: { code },
        userId: user.id,
      });
      await saveForgotPassword(interaction, undefined);
      return redirect(reply, paths(interaction).start);
    }
    await users.resetPassword(tenantId, user.id, password);
    audit.record(interaction, request, { ...profile, result: 'Success' });
    audit.record(interaction, request, {
      event: EVENT,
      step: 'Submit',
      result: 'Success',
      userId: user.id,
      identifier: 'email',
    });
    audit.announce(interaction, request, EVENT, user.id);
    await saveForgotPassword(interaction, undefined);
    return redirect(reply, `${interaction.base}?password_reset=1`);
  });

  scope.get(`${at}/forgot-password`, start);
  scope.post(`${at}/forgot-password`, submitEmail);
  scope.post(`${at}/forgot-password/resend`, resend);
  scope.get(`${at}/forgot-password/code`, codePage);
  scope.post(`${at}/forgot-password/code`, submitCode);
  scope.get(`${at}/forgot-password/password`, passwordPage);
  scope.post(`${at}/forgot-password/password`, submitPassword);
};
