import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import type { Interaction, Request } from '../context.js';
import { type ExperienceState, experienceState } from './state.js';

/** One request to the Experience API: its interaction, its state so far, and its JSON body. */
export interface ExperienceCall {
  interaction: Interaction;
  /** The request as the sign-in pages' helpers (audit, CAPTCHA) take it. */
  request: Request;
  reply: FastifyReply;
  body: Record<string, unknown>;
  /** The interaction's Experience API state; undefined before `PUT /api/experience`. */
  state: ExperienceState | undefined;
}

export type ExperienceHandler = (call: ExperienceCall) => Promise<unknown>;

/** Reads the interaction of the request (its cookie), or undefined when there is none. */
export type InteractionReader = (request: FastifyRequest, reply: FastifyReply) => Promise<Interaction | undefined>;

/** Wraps a handler: the interaction is found (else 400 `session.not_found`) and the body is an object. */
export const experienceRoute =
  (read: InteractionReader, handler: ExperienceHandler) => async (request: FastifyRequest, reply: FastifyReply) => {
    const interaction = await read(request, reply);
    if (!interaction) throw new ApiError('session.not_found');
    const raw = request.body;
    const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    reply.header('Cache-Control', 'no-store');
    const state = experienceState.read(interaction);
    return handler({ interaction, request: request as unknown as Request, reply, body, state });
  };

/** The interaction's state, or 400 `session.not_found` when no experience was started. */
export const startedState = (call: ExperienceCall): ExperienceState => {
  if (!call.state) throw new ApiError('session.not_found');
  return call.state;
};

export const saveState = (call: ExperienceCall, state: ExperienceState | undefined) =>
  experienceState.save(call.interaction, state);
