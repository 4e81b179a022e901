import { randomBytes } from 'node:crypto';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { isWithinDomain } from '../../../server/http/host.js';
import { cleanupDomains } from './cleanup.js';
import { challengeName, checkRecords, domainResolver } from './dns-check.js';
import { getVerificationFiles, replaceVerificationFiles } from './verification-files.js';

/**
 * The host custom domains point to: CUSTOM_DOMAIN_TARGET, else the host this server is reached at (its public
 * URL's).
 */
export const domainTarget = (origin: string | undefined, env: NodeJS.ProcessEnv = process.env) =>
  env.CUSTOM_DOMAIN_TARGET || (origin ? new URL(origin).hostname : 'localhost');

/**
 * The items as DNS has them now: every domain is checked at every read, as Logto syncs each with its provider (the
 * read is read-only, so what is stored stays as the domain was added).
 */
const withRecordsChecked = async (items: Entity[], target: string) => {
  const resolver = domainResolver();
  return Promise.all(
    items.map(async (item) => {
      const check = await checkRecords(resolver, {
        domain: String(item.domain),
        target,
        token: String(item.verificationToken),
      });
      return { ...item, ...check };
    }),
  );
};

export const domainOverrides = {
  /** A new domain: in lower case, not the server's own host, with the records to add and the challenge's value. */
  'domain.prepare': {
    kind: 'beforeWrite',
    run: (values, { context }) => {
      const domain = String(values.domain).toLowerCase();
      const target = domainTarget(context.origin);
      if (isWithinDomain(domain, target.toLowerCase())) throw new ApiError('domain.domain_is_not_allowed');
      const verificationToken = `gatehouse-verification=${randomBytes(16).toString('hex')}`;
      return {
        ...values,
        domain,
        status: 'PendingVerification',
        errorMessage: null,
        verificationToken,
        verificationFiles: [],
        dnsRecords: [
          { type: 'CNAME', name: domain, value: target },
          { type: 'TXT', name: challengeName(domain), value: verificationToken },
        ],
      };
    },
  },
  'domain.check-records': {
    kind: 'afterRead',
    run: (items, { context }) => withRecordsChecked(items, domainTarget(context.origin)),
  },
  'domain.get-verification-files': { kind: 'action', run: getVerificationFiles },
  'domain.replace-verification-files': { kind: 'action', run: replaceVerificationFiles },
  'domain.cleanup': { kind: 'action', run: cleanupDomains },
} satisfies Record<string, ServerOverride>;
