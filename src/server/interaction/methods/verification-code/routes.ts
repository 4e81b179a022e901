import type { FastifyInstance, FastifyReply } from 'fastify';
import { systemContext } from '../../../crud/context.js';
import { ApiError } from '../../../http/api-error.js';
import type { Interaction, InteractionHandler, Request } from '../../context.js';
import { type CodeKind, termsMustBeTicked } from '../../experience.js';
import { registrationFields } from '../../forms.js';
import { signInOpen } from '../../pages.js';
import { readPendingIdentity } from '../../registration/pending-identity.js';
import { sentinelTarget } from '../../sentinel.js';
import { codeAddress } from '../../verification-code/address.js';
import { codeSender, codeStep, passcodeTarget } from '../../verification-code/send-code.js';
import { RESEND_AFTER_SECONDS } from '../../verification-code/send-rate.js';
import type { MethodTools } from '../method.js';
import { codeScreens, kindsFor } from './screens.js';
import { type CodeState, readCodeState, saveCodeState } from './state.js';

type Purpose = CodeState['purpose'];
type PurposeHandler = (purpose: Purpose) => InteractionHandler;

/** Whether a new account needs the registration form after its address is verified (anything else to ask). */
const needsRegistrationForm = (interaction: Interaction, kind: CodeKind, termsTicked: boolean) => {
  const { experience } = interaction;
  const fields = registrationFields(experience);
  const other = kind === 'email' ? fields.phone === 'required' : fields.email === 'required';
  return (
    // An identity a provider verified gets its account from the registration form.
    readPendingIdentity(interaction) !== undefined ||
    experience.signUpPassword ||
    fields.username ||
    other ||
    experience.profileFields.length > 0 ||
    (!termsTicked && termsMustBeTicked(experience, 'register'))
  );
};

/**
 * Signing in, and signing up, by a code sent to an email address or a phone number (Logto's verification code
 * flows): the address (within the tenant's message rate, a CAPTCHA where asked), the code (counted by the lockout
 * like passwords, single use, within the tenant's code policy), then the account: the one the address names signs
 * in; an unknown address registers where sign-up is open and takes addresses of its kind, through the registration
 * form when the tenant asks for more (a password, a username, profile fields) with the address fixed.
 */
export const verificationCodeRoutes = (scope: FastifyInstance, at: string, tools: MethodTools) => {
  const { page, users, sentinel, audit, pages, flow, captcha, passcodes } = tools;
  const send = codeSender(tools);
  const redirect = (reply: FastifyReply, to: string) => reply.header('Cache-Control', 'no-store').redirect(to, 303);
  const paths = (interaction: Interaction) => {
    const base = `${interaction.base}/code`;
    return {
      start: base,
      verify: `${base}/verify`,
      resend: `${base}/resend`,
      register: `${interaction.base}/register`,
    };
  };
  const secondsLeft = (state: CodeState) =>
    Math.max(0, Math.ceil((state.sentAt + RESEND_AFTER_SECONDS * 1000 - Date.now()) / 1000));
  const refusalText = (interaction: Interaction, code: string, seconds = 0) =>
    interaction.tr.t(`errors:${code}`, { count: seconds });

  /** Whether the tenant offers codes for the purpose (signing in by code; a sign-up that verifies an address). */
  const available = async (interaction: Interaction, purpose: Purpose) =>
    purpose === 'Register'
      ? interaction.experience.signUpNeedsCode && (await pages.registrationOpen(interaction))
      : signInOpen(interaction.experience) && interaction.experience.codeSignInIdentifiers.length > 0;

  /** A page of the flow, for a sign-in interaction where the tenant offers codes for the purpose. */
  const flowPage = (purposeOf: (interaction: Interaction, request: Request) => Purpose, handler: PurposeHandler) =>
    page(async (interaction, request, reply) => {
      if (interaction.details.prompt.name !== 'login') return pages.wrongPrompt(interaction, reply);
      const purpose = purposeOf(interaction, request);
      if (!(await available(interaction, purpose))) {
        return pages.showError(interaction, reply, 404, interaction.tr.t('errors:code_unavailable'));
      }
      return handler(purpose)(interaction, request, reply);
    });
  /** The purpose a request names: the form's field, or `?register=1`. */
  const asked = (_interaction: Interaction, request: Request): Purpose =>
    request.body?.purpose === 'Register' || (request.query as Record<string, unknown> | undefined)?.register === '1'
      ? 'Register'
      : 'SignIn';
  /** The purpose of the flow under way. */
  const stated = (interaction: Interaction): Purpose => readCodeState(interaction)?.purpose ?? 'SignIn';

  const { showRequest, showCode } = codeScreens(passcodes, paths, secondsLeft);

  const start = flowPage(asked, (purpose) => async (interaction, _request, reply) => {
    const state = readCodeState(interaction);
    const hint = interaction.details.params.login_hint;
    const identifier = state?.purpose === purpose ? state.to : typeof hint === 'string' ? hint : undefined;
    return showRequest(interaction, reply, 200, purpose, { identifier });
  });

  /** The address typed, checked against the kinds the purpose accepts; or the refusal's message. */
  const addressOf = (interaction: Interaction, purpose: Purpose, typed: string) =>
    codeAddress(interaction.tr, users.rules.email, kindsFor(interaction, purpose), typed);

  const sendTo = async (interaction: Interaction, request: Request, state: CodeState) => {
    const target = { event: state.purpose, template: state.purpose, kind: state.kind, to: state.to, deliver: true };
    const refused = await send(interaction, request, target);
    if (!refused) await saveCodeState(interaction, { ...state, sentAt: Date.now(), verificationId: undefined });
    return refused;
  };

  const request = flowPage(asked, (purpose) => async (interaction, request, reply) => {
    const { tr, experience } = interaction;
    const identifier = (request.body?.identifier ?? '').trim();
    const address = addressOf(interaction, purpose, identifier);
    if (address.error !== undefined) {
      return showRequest(interaction, reply, 400, purpose, { identifier, error: address.error });
    }
    const page = purpose === 'Register' ? 'register' : 'sign-in';
    if (termsMustBeTicked(experience, page) && request.body?.agreeToTerms !== 'true') {
      const termsError = tr.t('errors:terms_not_agreed');
      return showRequest(interaction, reply, 400, purpose, { identifier, termsError });
    }
    const state = readCodeState(interaction);
    const wait = state ? secondsLeft(state) : 0;
    if (state && wait > 0 && !state.verificationId) {
      // The same address again (a second click): its code is on its way. Another address waits for the countdown.
      if (state.to.toLowerCase() === address.to.toLowerCase() && state.purpose === purpose) {
        return redirect(reply, paths(interaction).verify);
      }
      const error = refusalText(interaction, 'resend_too_soon', wait);
      return showRequest(interaction, reply, 429, purpose, { identifier, error });
    }
    const refusedCaptcha = await captcha(interaction, request, purpose);
    if (refusedCaptcha)
      return showRequest(interaction, reply, 422, purpose, { identifier, error: refusedCaptcha.message });
    const refused = await sendTo(interaction, request, { purpose, kind: address.kind, to: address.to, sentAt: 0 });
    if (refused) {
      const status = refused === 'request.message_rate_limited' ? 429 : 502;
      return showRequest(interaction, reply, status, purpose, {
        identifier,
        error: refusalText(interaction, refused),
      });
    }
    return redirect(reply, paths(interaction).verify);
  });

  const codePage = flowPage(stated, () => async (interaction, _request, reply) => {
    const state = readCodeState(interaction);
    if (!state) return redirect(reply, paths(interaction).start);
    if (state.verificationId) return redirect(reply, paths(interaction).register);
    return showCode(interaction, reply, 200, state);
  });

  const resend = flowPage(stated, () => async (interaction, request, reply) => {
    const state = readCodeState(interaction);
    if (!state || state.verificationId) return redirect(reply, paths(interaction).start);
    const wait = secondsLeft(state);
    if (wait > 0) {
      return showCode(interaction, reply, 429, state, { error: refusalText(interaction, 'resend_too_soon', wait) });
    }
    const refusedCaptcha = await captcha(interaction, request, state.purpose);
    if (refusedCaptcha) return showCode(interaction, reply, 422, state, { error: refusedCaptcha.message });
    const refused = await sendTo(interaction, request, state);
    if (refused) {
      const status = refused === 'request.message_rate_limited' ? 429 : 502;
      return showCode(interaction, reply, status, state, { error: refusalText(interaction, refused) });
    }
    const sent = readCodeState(interaction) ?? state;
    return showCode(interaction, reply, 200, sent, { notice: interaction.tr.t('interaction:code.resent') });
  });

  const verify = flowPage(stated, () => async (interaction, request, reply) => {
    const { tr, tenantId, experience } = interaction;
    const state = readCodeState(interaction);
    if (!state) return redirect(reply, paths(interaction).start);
    if (state.verificationId) return redirect(reply, paths(interaction).register);
    const code = (request.body?.code ?? '').replace(/\s/g, '');
    if (!code) return showCode(interaction, reply, 400, state, { error: tr.t('errors:code_required') });
    const existing = await users.findByIdentifier(tenantId, state.to);
    const attempted = { event: state.purpose, identifier: state.kind, userId: existing?.id } as const;
    const verification = { ...attempted, step: codeStep(state.kind, 'Submit') };
    const blocked = { code: 'session.verification_blocked_too_many_attempts' };
    const named = { type: state.kind, value: state.to };
    const attempt = await sentinel.admit(tenantId, sentinelTarget(state.to, existing?.id), 'VerificationCode', named);
    if (attempt.blocked) {
      audit.record(interaction, request, { ...verification, result: 'Error', error: blocked });
      return pages.showLocked(interaction, reply, attempt);
    }
    const target = passcodeTarget(interaction, { template: state.purpose, kind: state.kind, to: state.to });
    const verdict = await passcodes.verify(tenantId, target, code);
    if (verdict.refusal) {
      const after = await sentinel.failed(tenantId, attempt);
      const refusal = after.blocked ? blocked.code : `verification_code.${verdict.refusal}`;
      audit.record(interaction, request, { ...verification, result: 'Error', error: { code: refusal } });
      if (after.blocked) return pages.showLocked(interaction, reply, after);
      return showCode(interaction, reply, 400, state, { error: tr.t(`errors:verification_code.${verdict.refusal}`) });
    }
    await sentinel.succeeded(tenantId, attempt);
    audit.record(interaction, request, { ...verification, result: 'Success' });
    const submitted = { ...attempted, step: 'Submit' } as const;
    const refuse = async (status: number, error: string, message: string, purpose = state.purpose) => {
      audit.record(interaction, request, { ...submitted, result: 'Error', error: { code: error } });
      await saveCodeState(interaction, undefined);
      return showRequest(interaction, reply, status, purpose, { identifier: state.to, error: tr.t(message) });
    };

    if (existing) {
      // The address names an account: it signs in, where signing in by a code to it is offered (not while a new
      // identity waits for an account of its own).
      if (existing.isSuspended) return refuse(403, 'user.suspended', 'errors:suspended');
      const pendingSignUp = readPendingIdentity(interaction) !== undefined;
      if (pendingSignUp || !experience.codeSignInIdentifiers.includes(state.kind) || !signInOpen(experience)) {
        return refuse(422, `user.${state.kind}_already_in_use`, `errors:${state.kind}_in_use`);
      }
      if (!(await passcodes.spend(tenantId, verdict.id))) return redirect(reply, paths(interaction).start);
      const pending = { userId: existing.id, event: 'SignIn', identifier: state.kind } as const;
      return flow.proceed(interaction, request, reply, existing, pending);
    }
    // An unknown address registers, where sign-up is open and gives an account of this kind of address.
    const accepted =
      experience.signUpIdentifiers.includes(state.kind) || experience.signUpVerifiedKinds.includes(state.kind);
    if (!accepted || !(await pages.registrationOpen(interaction))) {
      return refuse(404, 'user.user_not_exist', 'errors:no_account_for_address', 'SignIn');
    }
    const verified = { ...state, purpose: 'Register' as const, verificationId: verdict.id };
    await saveCodeState(interaction, verified);
    if (needsRegistrationForm(interaction, state.kind, state.purpose === 'Register')) {
      return redirect(reply, paths(interaction).register);
    }
    if (!(await passcodes.spend(tenantId, verdict.id))) return redirect(reply, paths(interaction).start);
    const field = state.kind === 'email' ? 'primaryEmail' : 'primaryPhone';
    try {
      const context = { ...systemContext(tenantId, 'registration'), locale: tr.language };
      const created = await users.create(context, { [field]: state.to });
      return flow.proceed(interaction, request, reply, created, { userId: created.id, event: 'Register' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return refuse(422, error.code, `errors:${state.kind}_in_use`, 'Register');
    }
  });

  scope.get(`${at}/code`, start);
  scope.post(`${at}/code`, request);
  scope.get(`${at}/code/verify`, codePage);
  scope.post(`${at}/code/verify`, verify);
  scope.post(`${at}/code/resend`, resend);
};
