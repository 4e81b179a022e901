import { type ActionOverride, created, type ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { CUSTOMIZER_KEYS, customizerValue, replacementOf, TOKEN_TYPES, type TokenType } from './customizers.js';
import { runCustomizer } from './run.js';
import { testRunError } from './script-errors.js';

type Run = Parameters<ActionOverride['run']>[0];

const tokenTypeOf = (params: Record<string, string>) => (params.tokenTypePath ?? 'access-token') as TokenType;

const invalidBody = (path: string, message: string) =>
  new ApiError('guard.invalid_input', { type: 'body' }, { issues: [{ path, keyword: 'type', message }] });

/**
 * Logto's rules a JSON Schema of the body cannot say per path: a user token's sample context holds `user`; a
 * machine-to-machine token's holds nothing but `application`.
 */
const checkSamples = (tokenType: TokenType, body: Record<string, unknown>) => {
  const context = body.contextSample as Record<string, unknown> | undefined;
  if (!context) return;
  if (tokenType === 'access-token' && (typeof context.user !== 'object' || context.user === null)) {
    throw invalidBody('/contextSample/user', 'A user token context sample has a user.');
  }
  if (tokenType === 'client-credentials' && Object.keys(context).some((key) => key !== 'application')) {
    throw invalidBody('/contextSample', 'A machine-to-machine context sample has only an application.');
  }
};

const findStored = ({ operations, context }: Run, tokenTypes: readonly TokenType[]) =>
  operations.read(context, async (tx) => {
    const { rows } = await tx.query<Entity>(
      `SELECT script, environment_variables AS "environmentVariables", context_sample AS "contextSample",
              token_sample AS "tokenSample", block_issuance_on_error AS "blockIssuanceOnError", token_type AS "tokenType"
         FROM jwt_customizers WHERE tenant_id = $1 AND token_type = ANY($2)`,
      [context.tenantId, tokenTypes],
    );
    return rows;
  });

const notExists = (tokenType: TokenType) =>
  new ApiError('entity.not_exists_with_id', { name: 'logto_config', id: CUSTOMIZER_KEYS[tokenType] });

/** `GET /configs/jwt-customizer`: the customizers set, as Logto's `{ key, value }` (user tokens first). */
const list = async (input: Run) => {
  const rows = await findStored(input, TOKEN_TYPES);
  return TOKEN_TYPES.flatMap((tokenType) => {
    const row = rows.find((stored) => stored.tokenType === tokenType);
    return row ? [{ key: CUSTOMIZER_KEYS[tokenType], value: customizerValue(row) }] : [];
  });
};

const get = async (input: Run) => {
  const tokenType = tokenTypeOf(input.params);
  const [row] = await findStored(input, [tokenType]);
  if (!row) throw notExists(tokenType);
  return customizerValue(row);
};

/**
 * `PUT`: the token type's customizer replaced by the body, or made (201). Two racing first PUTs: one inserts, the
 * other finds the type taken and replaces.
 */
const upsert = async (input: Run) => {
  const { body, context, operations } = input;
  const tokenType = tokenTypeOf(input.params);
  checkSamples(tokenType, body);
  const values = replacementOf(body);
  try {
    const made = await operations.create(context, { tokenType, ...values });
    return created(customizerValue(made));
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'entity.unique_integrity_violation') throw error;
  }
  return customizerValue(await operations.setInternal(context, tokenType, values));
};

/** `PATCH`: the body's fields set over the stored customizer's (404 when the type has none). */
const update = async (input: Run) => {
  const { body, context, operations } = input;
  const tokenType = tokenTypeOf(input.params);
  checkSamples(tokenType, body);
  const [row] = await findStored(input, [tokenType]);
  if (!row) throw notExists(tokenType);
  const merged = { ...customizerValue(row), ...body };
  return customizerValue(await operations.setInternal(context, tokenType, replacementOf(merged)));
};

const remove = async ({ params, context, operations }: Run) => {
  await operations.delete(context, tokenTypeOf(params));
};

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
  'jwtCustomizer.list': { kind: 'action', run: list },
  'jwtCustomizer.get': { kind: 'action', run: get },
  'jwtCustomizer.upsert': { kind: 'action', run: upsert },
  'jwtCustomizer.update': { kind: 'action', run: update },
  'jwtCustomizer.delete': { kind: 'action', run: remove },
  'jwtCustomizer.test': { kind: 'action', run: test },
} satisfies Record<string, ServerOverride>;
