import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consoleUserDataSchema, selfEditableFields } from '../../shared/console-user-data.js';
import type { InputIssue } from '../../shared/error-codes.js';
import { cleanSchema } from '../../shared/schema-tools.js';
import { ALL_SCOPES, type RequestContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/operations.js';
import { publicView } from '../crud/routes.js';
import { issuePath } from '../crud/validate.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { negotiateLanguage } from '../locales/index.js';
import { ADMIN_TENANT_ID } from '../tenants.js';
import { type UserRecord, UserStore, userModel } from '../users/store.js';
import { TokenRejected, type TokenVerifier } from './token-verifier.js';

// The same rules as the user schema (nothing coerced or stripped), compiled once at start.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const validateProfile = ajv.compile({
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: Object.fromEntries(
    selfEditableFields.map((field) => [field, cleanSchema(userModel.schema.properties?.[field] ?? {})]),
  ),
});
const validateCustomData = ajv.compile(consoleUserDataSchema);

const assertValid = (validate: typeof validateProfile, body: unknown) => {
  if (validate(body)) return;
  const issues: InputIssue[] = (validate.errors ?? []).map((error) => ({
    path: issuePath(error),
    keyword: error.keyword,
    message: error.message ?? 'is invalid',
    params: error.params as Record<string, unknown>,
  }));
  throw new ApiError('guard.invalid_input', { type: 'body' }, { issues });
};

/** The user as the API shows it: `hasPassword` derived, the hash left out. */
const view = publicView(userModel);

/**
 * The signed-in console user's own account (spec §7), on the admin tenant: `GET /me`, `PATCH /me`,
 * `PATCH /me/custom-data`. The caller is the subject of an access token issued by the admin tenant.
 */
export const registerMeRoutes = (
  app: FastifyInstance,
  db: Database,
  verifier: () => TokenVerifier,
  operationsOf: (entity: string) => EntityOperations,
) => {
  const store = new UserStore(db, () => operationsOf('user'));
  const prefix = `/t/${ADMIN_TENANT_ID}/me`;

  const currentUser = async (request: FastifyRequest): Promise<UserRecord> => {
    const header = request.headers.authorization;
    if (!header) throw new ApiError('auth.authorization_header_missing');
    const [type, token] = header.split(' ');
    if (type?.toLowerCase() !== 'bearer' || !token) throw new ApiError('auth.authorization_token_type_not_supported');
    let subject: string;
    try {
      const claims = await verifier().verify(token, ADMIN_TENANT_ID);
      if (claims.issuerTenant !== ADMIN_TENANT_ID) throw new TokenRejected('Only console users have an account here.');
      subject = claims.subject;
    } catch (error) {
      if (error instanceof TokenRejected) throw new ApiError('auth.unauthorized', {}, { reason: error.message });
      throw error;
    }
    const user = await store.findById(ADMIN_TENANT_ID, subject);
    if (!user || user.isSuspended) throw new ApiError('auth.unauthorized');
    return user;
  };

  /** The user changes their own account: the route limits what may change, the operations apply the rules. */
  const update = async (request: FastifyRequest, user: UserRecord, patch: Record<string, unknown>) => {
    const context: RequestContext = {
      tenantId: ADMIN_TENANT_ID,
      actor: { kind: 'user', id: user.id },
      scopes: ALL_SCOPES,
      edition: 'oss',
      locale: negotiateLanguage(request.headers['accept-language']),
    };
    return view(await operationsOf('user').update(context, user.id, patch));
  };

  app.get(prefix, async (request) => view((await currentUser(request)) as unknown as Record<string, unknown>));

  app.patch(prefix, async (request) => {
    const user = await currentUser(request);
    assertValid(validateProfile, request.body);
    return update(request, user, request.body as Record<string, unknown>);
  });

  app.patch(`${prefix}/custom-data`, async (request) => {
    const user = await currentUser(request);
    assertValid(validateCustomData, request.body);
    const customData = { ...user.customData, ...(request.body as Record<string, unknown>) };
    return (await update(request, user, { customData })).customData;
  });
};
