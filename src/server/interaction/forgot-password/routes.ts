import type { FastifyInstance, FastifyReply } from 'fastify';
import { type BreachCheck, checkPassword, issueParams } from '../../../entities/user/server/account/password-policy.js';
import { verifyPassword } from '../../../entities/user/server/account/passwords.js';
import type { SecuritySettings } from '../../../entities/user/server/account/security-settings.js';
import { identifierKind, type UserStore } from '../../../entities/user/server/account/store.js';
import type { Database } from '../../db/database.js';
import type { Outbox } from '../../messages/outbox.js';
import type { interactionAudit } from '../audit.js';
import type { CaptchaGuard } from '../captcha/guard.js';
import type { Interaction, InteractionHandler, Request } from '../context.js';
import type { CodeKind } from '../experience.js';
import type { FieldErrors } from '../forms.js';
import type { interactionPages } from '../pages.js';
import { type Sentinel, sentinelTarget } from '../sentinel.js';
import { codeAddress } from '../verification-code/address.js';
import type { Passcodes } from '../verification-code/passcodes.js';
import { codeSender, codeStep, passcodeTarget } from '../verification-code/send-code.js';
import { forgotPasswordKinds } from './availability.js';
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

/**
 * Resetting a forgotten password by a verification code sent by email or text message, as Logto's experience API
 * does it: the address
 * (a code is sent only when it names an account, yet the flow goes on the same either way), the code (counted by
 * the lockout like passwords, single use), the new password (the tenant's policy, not the current one), then back
 * to sign-in. Every step is recorded with Logto's `Interaction.ForgotPassword.*` keys; the end is announced as
 * `PostResetPassword`.
 */
export const registerForgotPasswordRoutes = (scope: FastifyInstance, at: string, options: ForgotPasswordOptions) => {
  const { page, db, users, sentinel, passcodes, audit, pages, settingsOf, breached, captcha, outbox } = options;
  const { paths, secondsLeft, showStart, showCode, showPassword } = forgotPasswordScreens(settingsOf, passcodes);
  const redirect = (reply: FastifyReply, to: string) => reply.header('Cache-Control', 'no-store').redirect(to, 303);

  /** Only a sign-in interaction, and only while the tenant offers the reset (the kinds of address it takes). */
  const flowPage = (handler: (kinds: CodeKind[]) => InteractionHandler) =>
    page(async (interaction, request, reply) => {
      if (interaction.details.prompt.name !== 'login') return pages.wrongPrompt(interaction, reply);
      const kinds = await forgotPasswordKinds(db, interaction);
      if (kinds.length === 0) {
        const { tr } = interaction;
        return pages.showError(interaction, reply, 404, tr.t('errors:forgot_password_unavailable'));
      }
      return handler(kinds)(interaction, request, reply);
    });

  const send = codeSender({ db, passcodes, outbox, audit });
  /**
   * Stores a new code for the address and sends it (Logto's `ForgotPassword` template) when it names an account;
   * an address that names none gets its code, its record and its place in the rate limit all the same, and nothing
   * is sent. Answers the refusal's code, or nothing once the flow's state names the address.
   */
  const sendCode = async (interaction: Interaction, request: Request, address: { kind: CodeKind; to: string }) => {
    const user = await users.findByIdentifier(interaction.tenantId, address.to);
    const target = { event: EVENT, template: EVENT, ...address, deliver: Boolean(user) } as const;
    const refused = await send(interaction, request, target);
    if (refused) return refused;
    await saveForgotPassword(interaction, { ...address, sentAt: Date.now() });
    return undefined;
  };

  const refusalText = (interaction: Interaction, code: string, seconds = 0) =>
    interaction.tr.t(`errors:${code}`, { count: seconds });

  const start = flowPage((kinds) => async (interaction, _request, reply) => {
    const state = readForgotPassword(interaction);
    const hint = interaction.details.params.login_hint;
    const hinted = typeof hint === 'string' && kinds.includes(identifierKind(hint) as CodeKind) ? hint : undefined;
    return showStart(interaction, reply, 200, kinds, state?.to ?? hinted);
  });

  const submitAddress = flowPage((kinds) => async (interaction, request, reply) => {
    const { tr } = interaction;
    // The field is `email` where only an email address is taken, `identifier` where a phone number is.
    const typed = (request.body?.identifier ?? request.body?.email ?? '').trim();
    const address = codeAddress(tr, users.rules.email, kinds, typed);
    if (address.error !== undefined) return showStart(interaction, reply, 400, kinds, typed, address.error);
    const state = readForgotPassword(interaction);
    const wait = state ? secondsLeft(state) : 0;
    if (state && wait > 0) {
      // The same address again (a second click): its code is on its way. Another address waits for the countdown.
      if (state.to.toLowerCase() === address.to.toLowerCase() && !state.verificationId) {
        return redirect(reply, paths(interaction).code);
      }
      return showStart(interaction, reply, 429, kinds, typed, refusalText(interaction, 'resend_too_soon', wait));
    }
    const captchaRefused = await captcha(interaction, request, EVENT);
    if (captchaRefused) return showStart(interaction, reply, 422, kinds, typed, captchaRefused.message);
    const refused = await sendCode(interaction, request, address);
    if (refused) {
      const status = refused === 'request.message_rate_limited' ? 429 : 502;
      return showStart(interaction, reply, status, kinds, typed, refusalText(interaction, refused));
    }
    return redirect(reply, paths(interaction).code);
  });

  const resend = flowPage(() => async (interaction, request, reply) => {
    const state = readForgotPassword(interaction);
    if (!state || state.verificationId) return redirect(reply, paths(interaction).start);
    const wait = secondsLeft(state);
    if (wait > 0)
      return showCode(interaction, reply, 429, state, { error: refusalText(interaction, 'resend_too_soon', wait) });
    const captchaRefused = await captcha(interaction, request, EVENT);
    if (captchaRefused) return showCode(interaction, reply, 422, state, { error: captchaRefused.message });
    const refused = await sendCode(interaction, request, state);
    if (refused) {
      return showCode(interaction, reply, refused === 'request.message_rate_limited' ? 429 : 502, state, {
        error: refusalText(interaction, refused),
      });
    }
    const sent = readForgotPassword(interaction) ?? state;
    return showCode(interaction, reply, 200, sent, { notice: interaction.tr.t('interaction:forgot_password.resent') });
  });

  const codePage = flowPage(() => async (interaction, _request, reply) => {
    const state = readForgotPassword(interaction);
    if (!state) return redirect(reply, paths(interaction).start);
    if (state.verificationId) return redirect(reply, paths(interaction).password);
    return showCode(interaction, reply, 200, state);
  });

  const submitCode = flowPage((kinds) => async (interaction, request, reply) => {
    const { tr, tenantId } = interaction;
    const state = readForgotPassword(interaction);
    if (!state) return redirect(reply, paths(interaction).start);
    if (state.verificationId) return redirect(reply, paths(interaction).password);
    const code = (request.body?.code ?? '').replace(/\s/g, '');
    if (!code) return showCode(interaction, reply, 400, state, { error: tr.t('errors:code_required') });
    const user = await users.findByIdentifier(tenantId, state.to);
    const step = codeStep(state.kind, 'Submit');
    const attempted = { event: EVENT, step, identifier: state.kind, userId: user?.id } as const;
    const target = sentinelTarget(state.to, user?.id);
    const attempt = await sentinel.admit(tenantId, target, 'VerificationCode', { type: state.kind, value: state.to });
    const blocked = { code: 'session.verification_blocked_too_many_attempts' };
    if (attempt.blocked) {
      audit.record(interaction, request, { ...attempted, result: 'Error', error: blocked });
      return pages.showLocked(interaction, reply, attempt);
    }
    const verdict = await passcodes.verify(tenantId, passcodeTarget(interaction, { template: EVENT, ...state }), code);
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
    const identified = { event: EVENT, step: 'Identifier.Submit', identifier: state.kind, userId: user?.id } as const;
    if (!user || user.isSuspended) {
      const failure = user ? 'user.suspended' : 'user.user_not_exist';
      audit.record(interaction, request, { ...identified, result: 'Error', error: { code: failure } });
      await saveForgotPassword(interaction, undefined);
      const message = tr.t(user ? 'errors:suspended' : 'errors:verification_code.code_mismatch');
      return showStart(interaction, reply, user ? 403 : 400, kinds, state.to, message);
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

  const passwordPage = flowPage(() => async (interaction, _request, reply) => {
    const found = await verified(interaction);
    if (!found.state) return redirect(reply, found.back);
    return showPassword(interaction, reply, 200, found.state);
  });

  const submitPassword = flowPage(() => async (interaction, request, reply) => {
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
      identifier: state.kind,
    });
    audit.announce(interaction, request, EVENT, user.id);
    await saveForgotPassword(interaction, undefined);
    return redirect(reply, `${interaction.base}?password_reset=1`);
  });

  scope.get(`${at}/forgot-password`, start);
  scope.post(`${at}/forgot-password`, submitAddress);
  scope.post(`${at}/forgot-password/resend`, resend);
  scope.get(`${at}/forgot-password/code`, codePage);
  scope.post(`${at}/forgot-password/code`, submitCode);
  scope.get(`${at}/forgot-password/password`, passwordPage);
  scope.post(`${at}/forgot-password/password`, submitPassword);
};
