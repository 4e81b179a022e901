import { keyedConfigActions } from '../../../server/crud/keyed-configs.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { CUSTOMIZER_KEYS } from './customizers.js';
import { runCustomizer } from './run.js';
import { testRunError } from './script-errors.js';

type Run = Parameters<ActionOverride['run']>[0];

const invalidBody = (path: string, message: string) =>
  new ApiError('guard.invalid_input', { type: 'body' }, { issues: [{ path, keyword: 'type', message }] });

/**
 * Logto's rules a JSON Schema of the body cannot say per path: a user token's sample context holds `user`; a
 * machine-to-machine token's holds nothing but `application`.
 */
const checkSamples = (tokenType: string, body: Record<string, unknown>) => {
  const context = body.contextSample as Record<string, unknown> | undefined;
  if (!context) return;
  if (tokenType === 'access-token' && (typeof context.user !== 'object' || context.user === null)) {
    throw invalidBody('/contextSample/user', 'A user token context sample has a user.');
  }
  if (tokenType === 'client-credentials' && Object.keys(context).some((key) => key !== 'application')) {
    throw invalidBody('/contextSample', 'A machine-to-machine context sample has only an application.');
  }
};

const keyed = keyedConfigActions({ param: 'tokenTypePath', keys: CUSTOMIZER_KEYS, check: checkSamples });

/** `POST /configs/jwt-customizer/test`: the script run on the given token and context, in the sandbox. */
const test = async ({ body }: Run) => {
  const result = await runCustomizer({
    script: String(body.script),
    token: body.token as Record<string, unknown>,
    context: body.context as Record<string, unknown>,
    environmentVariables: body.environmentVariables as Record<string, string> | undefined,
  });
  if (!result.ok) throw testRunError(result);
  return result.value;
};

export const jwtCustomizerOverrides = {
  'jwtCustomizer.list': keyed.list,
  'jwtCustomizer.get': keyed.get,
  'jwtCustomizer.upsert': keyed.upsert,
  'jwtCustomizer.update': keyed.update,
  'jwtCustomizer.delete': keyed.delete,
  'jwtCustomizer.test': { kind: 'action', run: test },
} satisfies Record<string, ServerOverride>;
