import { randomBytes } from 'node:crypto';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { isWithinDomain } from '../../../server/http/host.js';
import { challengeName, checkRecords, domainResolver } from '../../domain/server/dns-check.js';
import { domainTarget } from '../../domain/server/overrides.js';
import {
  hostUris,
  PROTECTED,
  type ProtectedAppMetadata,
  protectedAppDomain,
  registerHost,
  releaseHosts,
} from './protected-app.js';

type Input = Parameters<ActionOverride['run']>[0];

const hostPattern = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * The protected app the path names (404), a protected one (400 otherwise) with its metadata (422 otherwise), on a
 * server that has protected apps (501 otherwise).
 */
const protectedApp = async ({ context, id, operations }: Input) => {
  const app = await operations.get(context, id);
  if (app.type !== PROTECTED) throw new ApiError('application.protected_application_only');
  const metadata = app.protectedAppMetadata as ProtectedAppMetadata | null;
  if (!metadata) throw new ApiError('application.protected_application_misconfigured');
  protectedAppDomain(context);
  return { app, metadata };
};

const domainsOf = (metadata: ProtectedAppMetadata) => (metadata.customDomains ?? []) as Entity[];
const tokenOf = (domain: Entity) =>
  String((domain.dnsRecords as { type: string; value: string }[]).find((record) => record.type === 'TXT')?.value);

/**
 * `GET …/protected-app-metadata/custom-domains`: the app's custom domains as DNS has them now (a CNAME to the app's
 * host and the TXT challenge: Active once both are there), kept when their status changed.
 */
const listCustomDomains = async (input: Input) => {
  const { metadata } = await protectedApp(input);
  const resolver = domainResolver();
  const domains = await Promise.all(
    domainsOf(metadata).map(async (domain) => ({
      ...domain,
      ...(await checkRecords(resolver, {
        domain: String(domain.domain),
        target: metadata.host,
        token: tokenOf(domain),
      })),
    })),
  );
  const changed = domains.some((domain, index) => domain.status !== domainsOf(metadata)[index]?.status);
  if (changed) {
    await input.operations.changeInternal(input.context, input.id, (stored) => {
      const current = stored.protectedAppMetadata as ProtectedAppMetadata;
      return { protectedAppMetadata: { ...current, customDomains: domains } };
    });
  }
  return domains;
};

/**
 * `POST …/protected-app-metadata/custom-domains`: one custom domain per app (422 `domain.limit_to_one_domain`), not
 * under the protected apps' domain nor the server's own host, taken by no other app anywhere; its records to add
 * (a CNAME to the app's host, a TXT challenge) and its redirect URIs join the app.
 */
const addCustomDomain = async (input: Input) => {
  const { context, id, body, operations, operationsOf } = input;
  const { metadata } = await protectedApp(input);
  const domain = String(body.domain ?? '')
    .trim()
    .toLowerCase();
  if (!hostPattern.test(domain)) throw new ApiError('guard.invalid_input', {}, { issues: [{ path: '/domain' }] });
  const blocked = [protectedAppDomain(context), domainTarget(context.origin).toLowerCase()];
  if (blocked.some((parent) => isWithinDomain(domain, parent))) throw new ApiError('domain.domain_is_not_allowed');
  if (domainsOf(metadata).length > 0) throw new ApiError('domain.limit_to_one_domain');
  const token = `gatehouse-verification=${randomBytes(16).toString('hex')}`;
  const added = {
    domain,
    status: 'PendingVerification',
    errorMessage: null,
    dnsRecords: [
      { type: 'CNAME', name: domain, value: metadata.host },
      { type: 'TXT', name: challengeName(domain), value: token },
    ],
    cloudflareData: null,
  };
  const uris = hostUris(domain);
  const changed = await operations.changeInternal(context, id, async (stored, tx) => {
    const current = stored.protectedAppMetadata as ProtectedAppMetadata;
    // Two adds racing: the second sees the first's domain under the row lock.
    if (domainsOf(current).length > 0) throw new ApiError('domain.limit_to_one_domain');
    const hostModel = operationsOf('protectedAppHost').model;
    const host = { host: domain, applicationId: id, customDomain: true };
    await registerHost(tx, hostModel, context.tenantId, host, 'domain.hostname_already_exists');
    const client = stored.oidcClientMetadata as { redirectUris: string[]; postLogoutRedirectUris: string[] };
    return {
      protectedAppMetadata: { ...current, customDomains: [added] },
      oidcClientMetadata: {
        ...client,
        redirectUris: [...client.redirectUris, uris.redirectUri],
        postLogoutRedirectUris: [...client.postLogoutRedirectUris, uris.postLogoutRedirectUri],
      },
    };
  });
  if (!changed) throw operations.notFound(id);
  return undefined;
};

/** `DELETE …/custom-domains/{domain}`: the domain, its host and its redirect URIs leave the app (404 when unknown). */
const deleteCustomDomain = async (input: Input) => {
  const { context, id, params, operations, operationsOf } = input;
  await protectedApp(input);
  const domain = String(params.domain ?? '').toLowerCase();
  const uris = hostUris(domain);
  const changed = await operations.changeInternal(context, id, async (stored, tx) => {
    const current = stored.protectedAppMetadata as ProtectedAppMetadata;
    if (!domainsOf(current).some((entry) => entry.domain === domain)) {
      throw new ApiError('application.custom_domain_not_found');
    }
    await releaseHosts(tx, operationsOf('protectedAppHost').model, context.tenantId, id, domain);
    const client = stored.oidcClientMetadata as { redirectUris: string[]; postLogoutRedirectUris: string[] };
    return {
      protectedAppMetadata: {
        ...current,
        customDomains: domainsOf(current).filter((entry) => entry.domain !== domain),
      },
      oidcClientMetadata: {
        ...client,
        redirectUris: client.redirectUris.filter((uri) => uri !== uris.redirectUri),
        postLogoutRedirectUris: client.postLogoutRedirectUris.filter((uri) => uri !== uris.postLogoutRedirectUri),
      },
    };
  });
  if (!changed) throw operations.notFound(id);
  return undefined;
};

export const protectedAppDomainOverrides = {
  'application.list-custom-domains': { kind: 'action', run: listCustomDomains },
  'application.add-custom-domain': { kind: 'action', run: addCustomDomain },
  'application.delete-custom-domain': { kind: 'action', run: deleteCustomDomain },
} satisfies Record<string, ActionOverride>;
