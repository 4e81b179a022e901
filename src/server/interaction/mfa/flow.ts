import type { FastifyReply } from 'fastify';
import type { UserRecord, UserStore } from '../../../entities/user/server/account/store.js';
import type { Database } from '../../db/database.js';
import type { interactionAudit } from '../audit.js';
import { type Interaction, type Request, sendPage } from '../context.js';
import type { MfaFactorType } from '../experience.js';
import type { Sentinel } from '../sentinel.js';
import type { signInActions } from '../sign-in-actions.js';
import { lockedPage } from '../views.js';
import { userMfaState } from './account.js';
import type { MfaFactorModule, MfaRequest, MfaTools } from './factor.js';
import { type PendingMfa, savePending } from './pending.js';
import { decideMfaStep, type MfaStep } from './policy.js';
import { factorModule, mfaFactorModules } from './registry.js';
import { type FactorLink, mfaFooter, mfaPage } from './views.js';

export interface MfaFlowOptions {
  db: Database;
  users: UserStore;
  sentinel: Sentinel;
  audit: ReturnType<typeof interactionAudit>;
  /** The tenant's actions (a post-sign-in action may refuse the sign-in). */
  actions: ReturnType<typeof signInActions>;
  /** Shows the error page (a refused sign-in). */
  refuse: (interaction: Interaction, reply: FastifyReply, status: number, message: string) => unknown;
}

/** The factors of a step that have a module for `kind` (verify or bind). */
export const stepModules = (factors: MfaFactorType[], kind: 'verify' | 'bind') =>
  factors.map(factorModule).filter((module): module is MfaFactorModule => Boolean(module?.[kind]));

/** The factors bound in this interaction so far. */
const boundModules = (pending: PendingMfa) => mfaFactorModules.filter((module) => module.binding?.bound(pending));

/**
 * The MFA flow between the first factor and the end of the interaction: decides each step from the tenant's MFA
 * settings, the user's account and the pending state, and ends the interaction (storing what was bound, recording
 * and announcing the sign-in or registration once) when nothing is left.
 */
export const mfaFlow = (options: MfaFlowOptions) => {
  const { db, users, sentinel, audit, actions, refuse } = options;

  const stepOf = async (interaction: Interaction, user: UserRecord, pending: PendingMfa): Promise<MfaStep> => {
    // Single sign-on leaves MFA to the identity provider (Logto asks none of it, to verify or to bind).
    if (pending.identifier === 'sso') return { kind: 'done', markEnabled: false };
    const settings = interaction.experience.mfa;
    const state = await userMfaState(db, interaction.tenantId, settings, user);
    return decideMfaStep(settings, state, {
      event: pending.event,
      verified: pending.verified === true,
      skipped: pending.skipped === true,
      bound: boundModules(pending).map((module) => module.type),
    });
  };

  /**
   * Ends the interaction from its last step: stores what was bound (or skipped, or enabled), lets the tenant's
   * post-sign-in action refuse, records and announces the sign-in or registration, and answers where the browser goes
   * next. `conflict`: another interaction bound the user's authenticator meanwhile (the pending state is reset to
   * verify it); `refused`: the action refused the sign-in.
   */
  const complete = async (
    interaction: Interaction,
    request: Request,
    reply: FastifyReply,
    pending: PendingMfa,
    step: MfaStep & { kind: 'done' },
  ): Promise<{ outcome: 'conflict' } | { outcome: 'refused' } | { outcome: 'done'; to: string }> => {
    const { tenantId } = interaction;
    const { userId, event, identifier } = pending;
    const bound = boundModules(pending);
    if (bound.length > 0 || pending.skipped || step.markEnabled) {
      const stored = await users.mfa.storeOutcome(tenantId, userId, {
        bind: (existing) =>
          bound.some((module) => module.binding?.conflicts?.(pending, existing))
            ? undefined
            : bound.reduce((all, module) => module.binding?.store(pending, all) ?? all, existing),
        skipped: pending.skipped,
        enabled: step.markEnabled,
      });
      if (!stored) {
        const code = 'user.totp_already_in_use';
        audit.record(interaction, request, { event, step: 'Submit', result: 'Error', error: { code }, userId });
        await savePending(interaction, { ...pending, factors: {} });
        return { outcome: 'conflict' };
      }
    }
    if (event === 'SignIn' && (await actions.postSignInRefuses(interaction, request, userId))) {
      const error = { code: 'session.verification_failed' };
      audit.record(interaction, request, { event, step: 'Submit', result: 'Error', error, userId, identifier });
      return { outcome: 'refused' };
    }
    await users.touchSignIn(tenantId, userId);
    audit.record(interaction, request, { event, step: 'Submit', result: 'Success', userId, identifier });
    audit.announce(interaction, request, event, userId);
    const result = { login: { accountId: userId } };
    const to = await interaction.oidc.provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return { outcome: 'done', to };
  };

  const finish = async (
    interaction: Interaction,
    request: Request,
    reply: FastifyReply,
    pending: PendingMfa,
    step: MfaStep & { kind: 'done' },
  ) => {
    const completed = await complete(interaction, request, reply, pending, step);
    // Another interaction bound the user's factor first: this one starts its MFA step again, from the factors the
    // user has now (it is asked to verify the stored one), never ending with what it bound.
    if (completed.outcome === 'conflict') {
      return reply.header('Cache-Control', 'no-store').redirect(`${interaction.base}/mfa`, 303);
    }
    if (completed.outcome === 'refused') {
      return refuse(interaction, reply, 400, interaction.tr.t('errors:verification_failed'));
    }
    return reply.header('Cache-Control', 'no-store').redirect(completed.to, 303);
  };

  /** Goes on from `pending`: the end of the interaction, or (keeping the state) the next MFA page. */
  const proceed = async (
    interaction: Interaction,
    request: Request,
    reply: FastifyReply,
    user: UserRecord,
    pending: PendingMfa,
  ) => {
    const step = await stepOf(interaction, user, pending);
    if (step.kind === 'done') return finish(interaction, request, reply, pending, step);
    await savePending(interaction, pending);
    return reply.header('Cache-Control', 'no-store').redirect(`${interaction.base}/mfa`, 303);
  };

  /**
   * The links to the other factors of the step (on a factor's own page: the choice among factors lists them
   * itself), and the skip action where it may be skipped.
   */
  const around = (mfa: MfaRequest, current: MfaFactorType | undefined) => {
    const { step, interaction } = mfa;
    const kind = step.kind === 'verify' ? 'verify' : 'bind';
    const factors = current && (step.kind === 'verify' || step.kind === 'bind') ? step.factors : [];
    const others: FactorLink[] = stepModules(factors, kind)
      .filter((module) => module.type !== current)
      .map((module) => ({ type: module.type, href: `${interaction.base}/mfa/${module.slug}/${kind}` }));
    const skippable = step.kind === 'bind' && step.skippable;
    return { others, skipAction: skippable ? `${interaction.base}/mfa/skip` : undefined };
  };

  /** The tools a factor's page works with. */
  const toolsFor = (current: MfaFactorType | undefined): MfaTools => ({
    db,
    users,
    sentinel,
    record: (mfa, entry) =>
      audit.record(mfa.interaction, mfa.request, { ...entry, event: mfa.pending.event, userId: mfa.user.id }),
    show: (mfa, status, view) => {
      const chrome = mfa.interaction.chrome();
      const page = mfaPage(mfa.interaction.tr, { ...view, ...around(mfa, current) }, chrome);
      return sendPage(mfa.reply, status, page, chrome);
    },
    render: (mfa, status, render) => {
      const chrome = mfa.interaction.chrome();
      return sendPage(mfa.reply, status, render(chrome, mfaFooter(mfa.interaction.tr, around(mfa, current))), chrome);
    },
    locked: (mfa, verdict) => {
      const chrome = mfa.interaction.chrome();
      const page = lockedPage(mfa.interaction.tr, { ...verdict, backHref: mfa.interaction.base }, chrome);
      return sendPage(mfa.reply.header('Retry-After', String(verdict.retryAfter)), 429, page, chrome);
    },
    save: (mfa, pending) => savePending(mfa.interaction, pending),
    advance: async (mfa, pending) => {
      const user = (await users.findById(mfa.interaction.tenantId, mfa.user.id)) ?? mfa.user;
      return proceed(mfa.interaction, mfa.request, mfa.reply, user, pending);
    },
  });

  return { stepOf, proceed, complete, toolsFor };
};

export type MfaFlow = ReturnType<typeof mfaFlow>;
