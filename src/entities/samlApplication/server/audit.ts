import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';

type Run = Parameters<ActionOverride['run']>[0];

/**
 * Runs one step of a SAML sign-on (`SamlApplication.AuthnRequest`, `SamlApplication.Callback`) and records it in the
 * tenant's audit log, succeeded or not: the application, the user once known, where it came from, the error's code.
 */
export const auditedSamlStep = async <T>(
  run: Run,
  key: 'SamlApplication.AuthnRequest' | 'SamlApplication.Callback',
  step: (signedIn: (userId: string) => void) => Promise<T>,
): Promise<T> => {
  let userId: string | undefined;
  const record = (error?: unknown) =>
    run.request.server.auditLog?.record({
      tenantId: run.context.tenantId,
      key,
      result: error === undefined ? 'Success' : 'Error',
      applicationId: run.id,
      userId,
      client: { ip: run.request.ip, userAgent: run.request.headers['user-agent'] },
      ...(error === undefined
        ? {}
        : { error: { code: error instanceof ApiError ? error.code : 'unexpected.general' } }),
    });
  try {
    const result = await step((id) => {
      userId = id;
    });
    record();
    return result;
  } catch (error) {
    // A request for no SAML application, or one that is not a sign-on at all, is nobody's attempt to record.
    const nobodys = error instanceof ApiError && ['entity.not_found', 'guard.invalid_input'].includes(error.code);
    if (!nobodys) record(error);
    throw error;
  }
};
