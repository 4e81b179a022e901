import { keyedConfigActions } from '../../../server/crud/keyed-configs.js';
import { type ActionOverride, type ServerOverride, withStatus } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { ACTION_KEYS, runActionScript } from './run.js';

type Run = Parameters<ActionOverride['run']>[0];

const keyed = keyedConfigActions({ param: 'actionType', keys: ACTION_KEYS });

/**
 * `POST /configs/actions/test`: the script run on the given event in the sandbox; what it returned (JSON, a string
 * or null included), 204 when it returned nothing; a failure is Logto's 422 `action.general` with the message.
 */
const test = async ({ body, reply }: Run) => {
  const result = await runActionScript(
    String(body.script),
    body.event,
    body.environmentVariables as Record<string, string> | undefined,
  );
  if (!result.ok) throw new ApiError('action.general', {}, { message: result.message });
  if (result.value === undefined) return withStatus(204, undefined);
  reply.type('application/json');
  return JSON.stringify(result.value);
};

export const signInActionOverrides = {
  'signInAction.list': keyed.list,
  'signInAction.get': keyed.get,
  'signInAction.upsert': keyed.upsert,
  'signInAction.update': keyed.update,
  'signInAction.delete': keyed.delete,
  'signInAction.test': { kind: 'action', run: test },
} satisfies Record<string, ServerOverride>;
