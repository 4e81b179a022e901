import type { FastifyInstance, FastifyReply } from 'fastify';
import type { UserStore } from '../../../entities/user/server/account/store.js';
import type { Interaction, InteractionHandler, Request } from '../context.js';
import { html } from '../html.js';
import type { MfaFactorModule, MfaRequest } from './factor.js';
import { type MfaFlow, stepModules } from './flow.js';
import { readPending } from './pending.js';
import { factorBySlug, factorModule } from './registry.js';
import { factorChoice } from './views.js';

type Page = (handler: InteractionHandler) => (request: Request, reply: FastifyReply) => Promise<unknown>;
type Params = { factor?: string; kind?: string };

/**
 * The MFA pages of an interaction (`{interaction}/mfa`...): only for an interaction whose first factor passed
 * (its pending state names the user), and only the pages of the step decided for that user; any other page leads
 * back to the step's own.
 */
export const registerMfaRoutes = (
  scope: FastifyInstance,
  at: string,
  options: {
    page: Page;
    flow: MfaFlow;
    users: UserStore;
    wrongPrompt: (interaction: Interaction, reply: FastifyReply) => unknown;
  },
) => {
  const { page, flow, users, wrongPrompt } = options;

  const mfaPage = (handler: (mfa: MfaRequest) => Promise<unknown>) =>
    page(async (interaction, request, reply) => {
      const pending = readPending(interaction);
      if (interaction.details.prompt.name !== 'login' || !pending) return wrongPrompt(interaction, reply);
      const user = await users.findById(interaction.tenantId, pending.userId);
      if (!user || user.isSuspended) return wrongPrompt(interaction, reply);
      const step = await flow.stepOf(interaction, user, pending);
      return handler({ interaction, request, reply, pending, user, step });
    });

  const toStep = (mfa: MfaRequest) =>
    mfa.reply.header('Cache-Control', 'no-store').redirect(`${mfa.interaction.base}/mfa`, 303);

  /** No module can serve the step: the experience offers only factors these pages lack (email or phone codes). */
  const unavailable = (mfa: MfaRequest) => {
    const { tr } = mfa.interaction;
    return flow.toolsFor(undefined).show(mfa, 200, {
      title: tr.t('interaction:mfa.unavailable_title'),
      body: html`<p class="notice">${tr.t('interaction:mfa.unavailable')}</p>`,
    });
  };

  /** The step's page: its first factor's, a choice among the factors to set up, or the end. */
  const current = async (mfa: MfaRequest) => {
    const { step, interaction } = mfa;
    if (step.kind === 'done') return flow.proceed(interaction, mfa.request, mfa.reply, mfa.user, mfa.pending);
    if (step.kind === 'backup-codes') {
      const module = factorModule('BackupCode');
      return module?.bind ? module.bind.show(mfa, flow.toolsFor('BackupCode')) : unavailable(mfa);
    }
    const kind = step.kind === 'verify' ? 'verify' : 'bind';
    const modules = stepModules(step.factors, kind);
    const [first] = modules;
    if (!first) return unavailable(mfa);
    if (kind === 'verify' || modules.length === 1) return first[kind]?.show(mfa, flow.toolsFor(first.type));
    const { tr } = interaction;
    const links = modules.map((module) => ({ type: module.type, href: `${interaction.base}/mfa/${module.slug}/bind` }));
    return flow.toolsFor(undefined).show(mfa, 200, {
      title: tr.t('interaction:mfa.choose_title'),
      subtitle: tr.t('interaction:mfa.choose_subtitle'),
      body: factorChoice(tr, links),
    });
  };

  /** Whether the step lets the factor's page of this kind act. */
  const allowed = (mfa: MfaRequest, module: MfaFactorModule, kind: 'verify' | 'bind') => {
    const { step } = mfa;
    if (kind === 'verify') return step.kind === 'verify' && step.factors.includes(module.type);
    if (step.kind === 'backup-codes') return module.type === 'BackupCode';
    return step.kind === 'bind' && step.factors.includes(module.type);
  };

  const factorPage = (action: 'show' | 'submit') =>
    mfaPage(async (mfa) => {
      const { factor = '', kind } = mfa.request.params as Params;
      const module = factorBySlug(factor);
      if (!module || (kind !== 'verify' && kind !== 'bind') || !allowed(mfa, module, kind)) return toStep(mfa);
      const handlers = module[kind];
      if (!handlers) return toStep(mfa);
      return handlers[action](mfa, flow.toolsFor(module.type));
    });

  /** Skipping the optional prompt, where the step allows it (Logto's `session.mfa.mfa_policy_not_user_controlled`). */
  const skip = mfaPage(async (mfa) => {
    const { step, interaction } = mfa;
    if (step.kind !== 'bind' || !step.skippable) {
      const { tr } = interaction;
      return flow.toolsFor(undefined).show(mfa, 422, {
        title: tr.t('interaction:mfa.required_title'),
        error: tr.t('errors:mfa.skip_not_allowed'),
        body: html`<p class="switch"><a href="${interaction.base}/mfa">${tr.t('interaction:mfa.back')}</a></p>`,
      });
    }
    return flow.proceed(interaction, mfa.request, mfa.reply, mfa.user, { ...mfa.pending, skipped: true });
  });

  scope.get(`${at}/mfa`, mfaPage(current));
  scope.post(`${at}/mfa/skip`, skip);
  scope.get(`${at}/mfa/:factor/:kind`, factorPage('show'));
  scope.post(`${at}/mfa/:factor/:kind`, factorPage('submit'));
};
