import { type StoredVerification, verificationsOf } from '../../../entities/user/server/account/mfa-verifications.js';
import {
  authenticationOptions,
  type RelyingParty,
  registrationOptions,
  relyingParty,
  verifyAuthentication,
  verifyRegistration,
  WebAuthnRefusal,
  type WebAuthnVerification,
  webAuthnVerifications,
  withAuthentication,
} from '../../../entities/user/server/account/webauthn.js';
import { sentinelTarget } from '../sentinel.js';
import { webauthnBindPage, webauthnVerifyPage } from '../webauthn-views.js';
import type { MfaFactorModule, MfaRequest, MfaTools } from './factor.js';
import { factorState, type PendingMfa, withFactorState } from './pending.js';

const SLUG = 'webauthn';

/**
 * The challenges of the pages last shown (each answers one POST, whatever its verdict), and the passkey bound in
 * this interaction, stored on the user when it ends.
 */
interface WebAuthnState {
  registration?: string;
  authentication?: string;
  bound?: WebAuthnVerification;
}
const stateOf = (pending: PendingMfa): WebAuthnState => factorState<WebAuthnState>(pending, SLUG) ?? {};
const withState = (pending: PendingMfa, state: WebAuthnState) => withFactorState(pending, SLUG, state);

const action = (mfa: MfaRequest, kind: 'verify' | 'bind') => `${mfa.interaction.base}/mfa/${SLUG}/${kind}`;
const responseOf = (mfa: MfaRequest) => mfa.request.body?.response ?? '';

/** The account center's other origins allowed to use the tenant's passkeys (`webauthnRelatedOrigins`). */
const relatedOrigins = (tools: MfaTools, tenantId: string) =>
  tools.db.withTenant(tenantId, async (tx) => {
    const { rows } = await tx.query<{ origins: unknown }>(
      'SELECT webauthn_related_origins AS origins FROM account_centers WHERE tenant_id = $1',
      [tenantId],
    );
    const origins = rows[0]?.origins;
    return Array.isArray(origins) ? origins.filter((origin): origin is string => URL.canParse(String(origin))) : [];
  });

/**
 * The relying party: the tenant's issuer (its host name, its origin). A registration also accepts the account
 * center's related origins, as Logto does; an authentication only the sign-in pages' own origin.
 */
const partyOf = async (mfa: MfaRequest, tools: MfaTools, kind: 'bind' | 'verify'): Promise<RelyingParty> => {
  const { issuer } = mfa.interaction.oidc;
  if (kind === 'verify') return relyingParty(issuer);
  return relyingParty(issuer, { relatedOrigins: await relatedOrigins(tools, mfa.interaction.tenantId) });
};

/** Records a refusal with Logto's code and the reason (`challenge`, `counter`...) for whoever reads the log. */
const recordRefusal = (mfa: MfaRequest, tools: MfaTools, refusal: WebAuthnRefusal, code: string = refusal.code) =>
  tools.record(mfa, {
    step: 'Verification.WebAuthn.Submit',
    result: 'Error',
    error: { code, message: refusal.reason },
  });

/** The page adding a passkey, with a new challenge kept for its POST. */
const showBind = async (mfa: MfaRequest, tools: MfaTools, status = 200, error?: string) => {
  const { tr } = mfa.interaction;
  const state = stateOf(mfa.pending);
  const existing = [...verificationsOf(mfa.user), ...(state.bound ? [state.bound] : [])];
  const options = await registrationOptions(mfa.user, existing, await partyOf(mfa, tools, 'bind'));
  await tools.save(mfa, withState(mfa.pending, { ...state, registration: options.challenge }));
  tools.record(mfa, { step: 'Verification.WebAuthn.Create', result: 'Success' });
  return tools.render(mfa, status, (chrome, footer) =>
    webauthnBindPage(tr, { action: action(mfa, 'bind'), options, footer, ...(error ? { error } : {}) }, chrome),
  );
};

/** The browser's new credential, for the challenge of the page shown: bound (stored when the interaction ends). */
const submitBind = async (mfa: MfaRequest, tools: MfaTools) => {
  const { tr } = mfa.interaction;
  const { registration, ...state } = stateOf(mfa.pending);
  try {
    if (!registration) throw new WebAuthnRefusal('challenge');
    const rp = await partyOf(mfa, tools, 'bind');
    const agent = mfa.request.headers['user-agent'];
    const bound = await verifyRegistration(responseOf(mfa), registration, rp, { agent });
    tools.record(mfa, { step: 'Verification.WebAuthn.Submit', result: 'Success' });
    tools.record(mfa, { step: 'BindMfa.WebAuthn.Submit', result: 'Success' });
    return await tools.advance(mfa, withState(mfa.pending, { ...state, bound }));
  } catch (error) {
    if (!(error instanceof WebAuthnRefusal)) throw error;
    recordRefusal(mfa, tools, error, registration ? error.code : 'session.mfa.pending_info_not_found');
    return showBind(mfa, tools, 400, tr.t('errors:webauthn_failed'));
  }
};

/** The page asking for one of the user's passkeys, with a new challenge kept for its POST. */
const showVerify = async (mfa: MfaRequest, tools: MfaTools, status = 200, error?: string) => {
  const { tr } = mfa.interaction;
  const options = await authenticationOptions(verificationsOf(mfa.user), await partyOf(mfa, tools, 'verify'));
  await tools.save(mfa, withState(mfa.pending, { ...stateOf(mfa.pending), authentication: options.challenge }));
  tools.record(mfa, { step: 'Verification.WebAuthn.Create', result: 'Success' });
  return tools.render(mfa, status, (chrome, footer) =>
    webauthnVerifyPage(tr, { action: action(mfa, 'verify'), options, footer, ...(error ? { error } : {}) }, chrome),
  );
};

/**
 * An assertion of one of the user's passkeys for the challenge of the page shown, counted by the lockout policy (its
 * own pool, Logto's `WebAuthn`). The challenge is taken before anything is checked, so it answers one POST; the
 * counter check and its update are one transaction on the user's row.
 */
const submitVerify = async (mfa: MfaRequest, tools: MfaTools) => {
  const { tr, tenantId } = mfa.interaction;
  const attempt = await tools.sentinel.admit(tenantId, sentinelTarget('', mfa.user.id), 'WebAuthn', {
    type: 'userId',
    value: mfa.user.id,
  });
  const blocked = 'session.verification_blocked_too_many_attempts';
  if (attempt.blocked) {
    tools.record(mfa, { step: 'Verification.WebAuthn.Submit', result: 'Error', error: { code: blocked } });
    return tools.locked(mfa, attempt);
  }
  const { authentication, ...state } = stateOf(mfa.pending);
  const pending = withState(mfa.pending, state);
  try {
    if (!authentication) throw new WebAuthnRefusal('challenge');
    await tools.save(mfa, pending);
    const rp = await partyOf(mfa, tools, 'verify');
    await tools.users.mfa.updateVerifications(tenantId, mfa.user.id, async (stored) =>
      withAuthentication(stored, await verifyAuthentication(responseOf(mfa), authentication, stored, rp)),
    );
  } catch (error) {
    if (!(error instanceof WebAuthnRefusal)) throw error;
    const after = await tools.sentinel.failed(tenantId, attempt);
    const code = authentication ? error.code : 'session.mfa.pending_info_not_found';
    recordRefusal(mfa, tools, error, after.blocked ? blocked : code);
    if (after.blocked) return tools.locked(mfa, after);
    return showVerify({ ...mfa, pending }, tools, 400, tr.t('errors:webauthn_failed'));
  }
  await tools.sentinel.succeeded(tenantId, attempt);
  tools.record(mfa, { step: 'Verification.WebAuthn.Submit', result: 'Success' });
  return tools.advance(mfa, { ...pending, verified: true });
};

/** Adds the passkey bound in this interaction (a user may have several, as in Logto), unless it is there already. */
const store = (pending: PendingMfa, existing: StoredVerification[]): StoredVerification[] => {
  const { bound } = stateOf(pending);
  if (!bound) return existing;
  const known = webAuthnVerifications(existing).some(({ credentialId }) => credentialId === bound.credentialId);
  return known ? existing : [...existing, bound as unknown as StoredVerification];
};

export const webAuthnFactor: MfaFactorModule = {
  type: 'WebAuthn',
  slug: SLUG,
  verify: { show: (mfa, tools) => showVerify(mfa, tools), submit: submitVerify },
  bind: { show: (mfa, tools) => showBind(mfa, tools), submit: submitBind },
  binding: { bound: (pending) => stateOf(pending).bound !== undefined, store },
};
