import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translatorFor } from '../../locales/index.js';
import { sendPage } from '../context.js';
import { errorPage } from '../views.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Whether a `state` (or another value the browser brings back) is the one kept, compared in constant time. */
export const sameState = (given: string, kept: string) => {
  const left = Buffer.from(given);
  const right = Buffer.from(kept);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The interaction a `state` names (`{uid}.{random}`), or an empty string when it names none. */
export const interactionOfState = (state: string) => {
  const uid = state.split('.')[0] ?? '';
  return /^[\w-]{8,64}$/.test(uid) ? uid : '';
};

/**
 * An identity provider's fixed way back for a method (`{tenant}/callback/{segment}/{connectorId}`, what is registered
 * at the provider): to the callback of the interaction the state names, with the provider's answer (its code, state
 * and error, nothing else), where the interaction's own cookie applies.
 */
export const providerReturn = (segment: 'social' | 'sso') => async (request: FastifyRequest, reply: FastifyReply) => {
  const answer = (request.method === 'POST' ? request.body : request.query) as Record<string, unknown> | undefined;
  const uid = interactionOfState(text(answer?.state));
  if (!uid) {
    const tr = translatorFor(request.headers['accept-language']);
    return sendPage(reply, 400, errorPage(tr, { message: tr.t('interaction:error.session_expired') }));
  }
  const fields = ['code', 'state', 'error', 'error_description'] as const;
  const query = new URLSearchParams(fields.flatMap((key) => (text(answer?.[key]) ? [[key, text(answer?.[key])]] : [])));
  const params = request.params as Record<string, unknown>;
  const tenantId = text(params.tenantId);
  const base = tenantId ? `/t/${encodeURIComponent(tenantId)}` : '';
  const connectorId = encodeURIComponent(text(params.connectorId));
  const to = `${base}/interaction/${uid}/${segment}/${connectorId}/callback?${query}`;
  return reply.header('Cache-Control', 'no-store').redirect(to, 303);
};
