import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import type { Interaction, Request } from '../context.js';
import { type ExperienceState, experienceState, type VerificationIdentifier } from './state.js';

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

const invalid = (field: string) => new ApiError('guard.invalid_input', { type: 'body' }, { field });

/** A non-empty string field of the body, or 400 `guard.invalid_input`. */
export const stringField = (body: Record<string, unknown>, field: string): string => {
  const value = body[field];
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) throw invalid(field);
  return value;
};

/** An optional string field: undefined when absent, 400 when it is not a string. */
export const optionalString = (body: Record<string, unknown>, field: string): string | undefined =>
  body[field] === undefined ? undefined : stringField(body, field);

/** A field that must be one of the values given. */
export const oneOfField = <T extends string>(body: Record<string, unknown>, field: string, values: readonly T[]): T => {
  const value = body[field];
  if (!values.includes(value as T)) throw invalid(field);
  return value as T;
};

/** The body's `identifier`: `{type, value}` of one of the types given. */
export const identifierField = <T extends VerificationIdentifier['type']>(
  body: Record<string, unknown>,
  types: readonly T[],
): VerificationIdentifier & { type: T } => {
  const identifier = body.identifier;
  if (!identifier || typeof identifier !== 'object') throw invalid('identifier');
  const fields = identifier as Record<string, unknown>;
  const type = oneOfField(fields, 'type', types);
  const value = stringField(fields, 'value').trim();
  if (!value) throw invalid('identifier');
  return { type, value };
};
