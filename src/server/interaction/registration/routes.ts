import type { FastifyReply } from 'fastify';
import { CLOUD_USER_ROLE } from '../../../shared/tenant-permissions.js';
import { systemContext } from '../../crud/context.js';
import { ApiError } from '../../http/api-error.js';
import { ADMIN_TENANT_ID, consoleAccountRoles } from '../../tenants/urls.js';
import type { Interaction } from '../context.js';
import type { MethodTools } from '../methods/method.js';
import { signInMethodModules } from '../methods/registry.js';
import { verifiedRegistration } from '../methods/verification-code/state.js';
import { signInOpen } from '../pages.js';
import {
  hintedValues,
  newUserOf,
  typedValues,
  validateRegistration,
  withVerifiedAddress,
} from '../registration-form.js';
import { readPendingIdentity, savePendingIdentity } from './pending-identity.js';

/** The identifier fields an in-use error belongs to. */
const inUse = {
  'user.email_already_in_use': 'email',
  'user.username_already_in_use': 'username',
  'user.phone_already_in_use': 'phone',
} as const;

/**
 * Registration on the tenant's pages: the first screen (registration when asked for, or the only thing open), the
 * registration form and its submission. A sign-up that verifies an address starts with its code; an identity a
 * provider verified (a pending identity) completes its account here, the form asking only what the provider did not
 * give, and the method that verified it gives the identity to the account in the transaction that creates it.
 */
export const registrationRoutes = (tools: MethodTools) => {
  const { page, users, audit, pages, flow, passcodes, settingsOf, breached } = tools;
  const { registrationOpen, showSignIn, showRegister, showError, wrongPrompt } = pages;

  const toCodeFirst = (interaction: Interaction, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-store').redirect(`${interaction.base}/code?register=1`, 303);

  /** The registration form with a `login_hint` (or the address its code verified) filled in. */
  const showNewRegister = (interaction: Interaction, reply: FastifyReply) => {
    const verified = verifiedRegistration(interaction);
    if (interaction.experience.signUpNeedsCode && !verified) return toCodeFirst(interaction, reply);
    const hint = verified?.to ?? interaction.details.params.login_hint;
    const vouched = readPendingIdentity(interaction)?.email;
    const values = {
      ...(vouched ? { email: vouched } : {}),
      ...hintedValues(typeof hint === 'string' ? hint : undefined),
    };
    return showRegister(interaction, reply, 200, { values });
  };

  /** The first screen: registration when asked for (or the only thing open), else sign-in; closed ones say so. */
  const firstScreen = async (interaction: Interaction, reply: FastifyReply, register: boolean, notice?: string) => {
    const { tr, experience } = interaction;
    const open = await registrationOpen(interaction);
    if ((register || !signInOpen(experience)) && open) return showNewRegister(interaction, reply);
    if (!signInOpen(experience)) return showError(interaction, reply, 403, tr.t('errors:registration_closed'));
    if (register)
      return showSignIn(interaction, reply, 200, { notice: tr.t('interaction:sign_in.registration_closed') });
    return showSignIn(interaction, reply, 200, notice ? { notice } : {});
  };

  const showRegistration = page(async (interaction, _request, reply) => {
    if (interaction.details.prompt.name !== 'login') return wrongPrompt(interaction, reply);
    return firstScreen(interaction, reply, true);
  });

  const register = page(async (interaction, request, reply) => {
    const { tr, tenantId, details } = interaction;
    if (details.prompt.name !== 'login') return wrongPrompt(interaction, reply);
    const failed = (code: string) =>
      audit.record(interaction, request, { event: 'Register', step: 'Submit', result: 'Error', error: { code } });
    const closed = () => {
      failed('user.registration_closed');
      return showSignIn(interaction, reply, 403, {
        error: tr.t('errors:registration_closed'),
        notice: tr.t('interaction:sign_in.registration_closed'),
      });
    };
    if (!(await registrationOpen(interaction))) return closed();
    const verified = verifiedRegistration(interaction);
    if (interaction.experience.signUpNeedsCode && !verified) return toCodeFirst(interaction, reply);
    const body = verified ? withVerifiedAddress(interaction.experience, request.body ?? {}, verified) : request.body;
    const captcha = await tools.captcha(interaction, request, 'Register');
    if (captcha) return showRegister(interaction, reply, 422, { values: typedValues(body), error: captcha.message });
    const settings = await settingsOf(tenantId);
    const form = await validateRegistration(tr, interaction.experience, body ?? {}, {
      settings,
      breached,
      rules: users.rules,
    });
    const { values, errors, code } = form;
    if (code) {
      failed(code);
      return showRegister(interaction, reply, 400, { values, errors });
    }
    // The verified address makes one account: a second submission finds its code spent.
    if (verified && !(await passcodes.spend(tenantId, verified.verificationId as string))) {
      return toCodeFirst(interaction, reply);
    }
    const pending = readPendingIdentity(interaction);
    const completing = pending && signInMethodModules.find((method) => method.key === pending.method)?.completeSignUp;

    let created: NonNullable<Awaited<ReturnType<typeof users.create>>>;
    try {
      // One first administrator: concurrent registrations queue and the later ones find a user (in the cloud, every
      // later account is a console account of its own).
      const roles = tenantId === ADMIN_TENANT_ID ? consoleAccountRoles : [];
      const context = { ...systemContext(tenantId, 'registration'), locale: tr.language };
      const input = newUserOf(form);
      if (pending?.email) input.primaryEmail ??= pending.email;
      const user =
        tenantId === ADMIN_TENANT_ID
          ? ((await users.createFirst(context, input, roles)) ??
            (tools.edition === 'cloud' ? await users.createWithRoles(context, input, [CLOUD_USER_ROLE]) : undefined))
          : await users.create(context, input, pending && completing?.(interaction, pending, tools));
      if (!user) return closed();
      created = user;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A first sign-in racing with this one gave the identity another account.
      if (error.code === 'user.identity_already_in_use') {
        failed(error.code);
        await savePendingIdentity(interaction, undefined);
        return showSignIn(interaction, reply, 409, { error: tr.t('errors:social_identity_in_use') });
      }
      const kind = inUse[error.code as keyof typeof inUse];
      if (!kind) throw error;
      failed(error.code);
      const field = kind !== 'username' && values.emailOrPhone ? 'emailOrPhone' : kind;
      return showRegister(interaction, reply, 422, { values, errors: { [field]: [tr.t(`errors:${kind}_in_use`)] } });
    }
    if (pending) await savePendingIdentity(interaction, undefined);
    // MFA binding next, where the policy asks at sign-up; the registration is recorded when the interaction ends.
    return flow.proceed(interaction, request, reply, created, { userId: created.id, event: 'Register' });
  });

  return { firstScreen, showRegistration, register };
};
