import { randomBytes } from 'node:crypto';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';

type Run = Parameters<ActionOverride['run']>[0];

/** Logto's subject tokens: `sub_` and random characters, working for 600 seconds. */
export const SUBJECT_TOKEN_PREFIX = 'sub_';
export const SUBJECT_TOKEN_TTL_SECONDS = 600;

/**
 * `POST /api/subject-tokens`: a new subject token for an existing user of the tenant (404 otherwise), naming its
 * maker and the caller's context; 201 with the token and its lifetime.
 */
const create = async ({ body, context, operations, operationsOf }: Run) => {
  const userId = String(body.userId);
  await operationsOf('user').get(context, userId);
  const subjectToken = `${SUBJECT_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
  const creatorId = 'id' in context.actor ? context.actor.id : null;
  const expiresAt = Date.now() + SUBJECT_TOKEN_TTL_SECONDS * 1000;
  await operations.create(context, { userId, context: body.context ?? {} }, undefined, {
    value: subjectToken,
    creatorId,
    expiresAt,
  });
  return { subjectToken, expiresIn: SUBJECT_TOKEN_TTL_SECONDS };
};

export const subjectTokenOverrides = {
  'subjectToken.create': { kind: 'action', run: create },
} satisfies Record<string, ServerOverride>;
