import { Resolver } from 'node:dns/promises';

/** The name of the TXT record that proves a domain is the tenant's. */
export const challengeName = (domain: string) => `_gatehouse-challenge.${domain}`;

/**
 * The resolver the checks ask: the servers of DNS_RESOLVER (`host[:port]`, comma-separated) when set, else the
 * system's. One try, briefly: a check runs while the domain is read.
 */
export const domainResolver = (env: NodeJS.ProcessEnv = process.env) => {
  const resolver = new Resolver({ timeout: 1500, tries: 1 });
  const servers = env.DNS_RESOLVER?.split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  return resolver;
};

/** Answers that mean "no such record (yet)", as opposed to a resolver that failed. */
const absent = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

const codeOf = (error: unknown) => (error as { code?: string }).code ?? 'EUNKNOWN';

/** The records found for a name, none when it has none; a failing resolver throws. */
const lookup = async <T>(query: () => Promise<T[]>): Promise<T[]> => {
  try {
    return await query();
  } catch (error) {
    if (absent.has(codeOf(error))) return [];
    throw error;
  }
};

const sameHost = (a: string, b: string) => a.replace(/\.$/, '').toLowerCase() === b.replace(/\.$/, '').toLowerCase();

export type RecordCheck =
  | { status: 'Active'; errorMessage: null }
  | { status: 'PendingVerification' | 'Error'; errorMessage: string | null };

/**
 * What the domain's DNS says now: Active when its CNAME names `target` and its challenge TXT record holds `token`;
 * Error when the CNAME names another host or the TXT record another value; pending while either is missing. A
 * resolver that fails leaves the domain pending, saying why.
 */
export const checkRecords = async (
  resolver: Resolver,
  { domain, target, token }: { domain: string; target: string; token: string },
): Promise<RecordCheck> => {
  try {
    const [cnames, texts] = await Promise.all([
      lookup(() => resolver.resolveCname(domain)),
      lookup(() => resolver.resolveTxt(challengeName(domain))),
    ]);
    const values = texts.map((chunks) => chunks.join(''));
    const problems: string[] = [];
    if (cnames.length > 0 && !cnames.some((name) => sameHost(name, target))) {
      problems.push(`The CNAME record of ${domain} points to ${cnames.join(', ')}, not ${target}.`);
    }
    if (values.length > 0 && !values.includes(token)) {
      problems.push(`The TXT record of ${challengeName(domain)} does not hold the expected value.`);
    }
    if (problems.length > 0) return { status: 'Error', errorMessage: problems.join('\n') };
    if (cnames.length > 0 && values.length > 0) return { status: 'Active', errorMessage: null };
    return { status: 'PendingVerification', errorMessage: null };
  } catch (error) {
    return { status: 'PendingVerification', errorMessage: `The DNS lookup failed (${codeOf(error)}).` };
  }
};
