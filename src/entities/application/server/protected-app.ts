import { translateConstraintError } from '../../../server/crud/constraint-errors.js';
import type { RequestContext } from '../../../server/crud/context.js';
import { generateId } from '../../../server/crud/ids.js';
import type { HookContext } from '../../../server/crud/overrides.js';
import { type Entity, Repository } from '../../../server/crud/repository.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import type { EntityModel } from '../../../shared/descriptor.js';

export const PROTECTED = 'Protected';
/** Where the protected app's edge ends a sign-in (Logto's `sign-in-callback`). */
export const PROTECTED_CALLBACK_PATH = 'sign-in-callback';
/** Logto's default: a sign-in lasts 14 days. */
const DEFAULT_SESSION_SECONDS = 60 * 60 * 24 * 14;
const subdomainPattern = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export interface ProtectedAppMetadata {
  host: string;
  origin: string;
  sessionDuration: number;
  pageRules: { path: string }[];
  additionalScopes: string[];
  customDomains?: Entity[];
}

/** The parent domain of protected apps' hosts (PROTECTED_APP_DOMAIN); 501 where the server has none. */
export const protectedAppDomain = (context: RequestContext) => {
  const domain = context.features?.protectedAppDomain;
  if (!domain) throw new ApiError('application.protected_app_not_configured');
  return domain;
};

/** The URIs a host of the app adds to its OpenID client: the edge's callback, and the host to return to. */
export const hostUris = (host: string) => ({
  redirectUri: `https://${host}/${PROTECTED_CALLBACK_PATH}`,
  postLogoutRedirectUri: `https://${host}`,
});

/**
 * Registers a host for the application in the write's transaction: a host serves one application of one tenant, so
 * one taken anywhere is refused (the registry's unique rule across tenants) with `code`.
 */
export const registerHost = async (
  tx: Queryable,
  hostModel: EntityModel,
  tenantId: string,
  values: { host: string; applicationId: string; customDomain: boolean },
  code: 'application.protected_application_subdomain_exists' | 'domain.hostname_already_exists',
) => {
  try {
    await new Repository(hostModel).insert(tx, tenantId, { id: generateId(), ...values });
  } catch (error) {
    const translated = translateConstraintError(hostModel, error, values);
    if (translated instanceof ApiError && translated.code === 'application.protected_application_subdomain_exists') {
      throw new ApiError(code, { host: values.host });
    }
    throw translated;
  }
};

/** Removes the application's registered hosts (all of them, or one). */
export const releaseHosts = async (
  tx: Queryable,
  hostModel: EntityModel,
  tenantId: string,
  id: string,
  host?: string,
) => {
  const hosts = new Repository(hostModel);
  for (const row of await hosts.listByColumn(tx, tenantId, 'application_id', [id])) {
    if (host === undefined || row.host === host) await hosts.delete(tx, { tenantId }, String(row.id));
  }
};

/**
 * A new application: a protected app's metadata is made from the `subDomain` and `origin` sent (Logto's defaults:
 * 14 days, no page rules) with its host registered and its redirect URIs; any other type has none.
 */
export const withNewProtectedApp = async (values: Entity, { db, tenantId, context, modelOf }: HookContext) => {
  if (values.type !== PROTECTED) return { ...values, protectedAppMetadata: null };
  const sent = values.protectedAppMetadata as { subDomain?: string; origin?: string } | null | undefined;
  if (!sent?.subDomain || !sent.origin) throw new ApiError('application.protected_app_metadata_is_required');
  const domain = protectedAppDomain(context);
  const subDomain = sent.subDomain.toLowerCase();
  if (!subdomainPattern.test(subDomain)) throw new ApiError('application.invalid_subdomain');
  const host = `${subDomain}.${domain}`;
  await registerHost(
    db,
    modelOf('protectedAppHost'),
    tenantId,
    { host, applicationId: String(values.id), customDomain: false },
    'application.protected_application_subdomain_exists',
  );
  const uris = hostUris(host);
  const metadata: ProtectedAppMetadata = {
    host,
    origin: sent.origin,
    sessionDuration: DEFAULT_SESSION_SECONDS,
    pageRules: [],
    additionalScopes: [],
  };
  return {
    ...values,
    protectedAppMetadata: metadata,
    oidcClientMetadata: {
      ...(values.oidcClientMetadata as Entity),
      redirectUris: [uris.redirectUri],
      postLogoutRedirectUris: [uris.postLogoutRedirectUri],
    },
  };
};

/** A change of a protected app's metadata: its origin, session, page rules and scopes, merged into the stored. */
export const withProtectedAppChange = (values: Entity, stored: Entity | undefined) => {
  if (values.protectedAppMetadata === undefined) return values;
  // Logto leaves the metadata as it is for a null.
  const { protectedAppMetadata: sent, ...rest } = values as Entity & { protectedAppMetadata: Entity | null };
  if (sent === null) return rest;
  if (stored?.type !== PROTECTED) throw new ApiError('application.protected_application_only');
  const current = stored.protectedAppMetadata as Entity | null;
  if (!current) throw new ApiError('application.protected_application_misconfigured');
  const changes = Object.fromEntries(
    ['origin', 'sessionDuration', 'pageRules', 'additionalScopes']
      .filter((key) => sent[key] !== undefined)
      .map((key) => [key, sent[key]]),
  );
  return { ...rest, protectedAppMetadata: { ...current, ...changes } };
};

/** A protected app goes once its custom domains are gone, with its host (Logto's 422 otherwise). */
export const releaseProtectedApp = async (stored: Entity, { db, tenantId, modelOf }: HookContext) => {
  if (stored.type !== PROTECTED) return;
  const metadata = stored.protectedAppMetadata as ProtectedAppMetadata | null;
  if ((metadata?.customDomains ?? []).length > 0) throw new ApiError('application.should_delete_custom_domains_first');
  await releaseHosts(db, modelOf('protectedAppHost'), tenantId, String(stored.id));
};
