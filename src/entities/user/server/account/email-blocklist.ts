import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

/** The sign-in experience's `emailBlocklistPolicy` (Logto's shape). */
export interface EmailBlocklistPolicy {
  /** Refuse addresses at domains of disposable-mail services (the maintained list of disposable-email-domains). */
  blockDisposableAddresses?: boolean | undefined;
  /** Refuse addresses with a `+tag` in the local part (`jane+news@example.com`). */
  blockSubaddressing?: boolean | undefined;
  /** When not empty, only addresses matching one of these entries are allowed. */
  customAllowlist?: string[] | undefined;
  /** Addresses (`jane@example.com`), domains (`@example.com`), either with `*` wildcards (`@*.example.com`). */
  customBlocklist?: string[] | undefined;
}

export type EmailBlocklistCode =
  | 'session.email_blocklist.invalid_email'
  | 'session.email_blocklist.email_subaddressing_not_allowed'
  | 'session.email_blocklist.email_not_allowed';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;

/** A stored policy, anything unusable in it left out. */
export const emailBlocklistPolicyOf = (stored: unknown): EmailBlocklistPolicy => {
  const given = isObject(stored) ? stored : {};
  return {
    blockDisposableAddresses: given.blockDisposableAddresses === true,
    blockSubaddressing: given.blockSubaddressing === true,
    customAllowlist: strings(given.customAllowlist) ?? [],
    customBlocklist: strings(given.customBlocklist) ?? [],
  };
};

const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const DOMAIN = `${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+`;
const EMAIL_OR_DOMAIN = new RegExp(`^(?:[^\\s@]+@${DOMAIN}|@${DOMAIN})$`, 'u');
const GMAIL_DOMAINS = ['gmail.com', 'googlemail.com'];

const isWildcardDomain = (domain: string) =>
  domain.includes('.') &&
  !/[@\s]/u.test(domain) &&
  !domain.includes('..') &&
  !domain.startsWith('.') &&
  !domain.endsWith('.') &&
  !/^[*.]+$/u.test(domain);

/** Whether an entry is an address or an `@domain`, either possibly with `*` wildcards (Logto's rule). */
export const isEmailBlocklistItem = (item: string) => {
  if (!item.includes('*')) return EMAIL_OR_DOMAIN.test(item);
  if (/\s/u.test(item)) return false;
  if (item.startsWith('@')) return isWildcardDomain(item.slice(1));
  const [local, domain, ...rest] = item.split('@');
  return rest.length === 0 && !!local && domain !== undefined && isWildcardDomain(domain);
};

const escapeRegExp = (value: string) => value.replaceAll(/[.+?^${}()|[\]\\]/gu, '\\$&');
const matches = (pattern: string, value: string) =>
  pattern.includes('*')
    ? new RegExp(`^${escapeRegExp(pattern).replaceAll('*', '.*')}$`, 'u').test(value)
    : pattern === value;
const withoutLocalDots = (email: string) => {
  const at = email.indexOf('@');
  return at === -1 ? email : `${email.slice(0, at).replaceAll('.', '')}${email.slice(at)}`;
};

/**
 * Whether an address matches an entry, ignoring letter case. Gmail's two domains are one, and dots in a Gmail local
 * part are ignored, as Gmail delivers those variants to the same mailbox.
 */
export const matchesEmailBlocklistItem = (item: string, email: string) => {
  const entry = item.toLowerCase();
  const address = email.toLowerCase();
  const domain = address.split('@')[1] ?? '';
  const gmail = GMAIL_DOMAINS.includes(domain);
  if (entry.startsWith('@')) {
    return domain !== '' && (gmail ? GMAIL_DOMAINS : [domain]).some((d) => matches(entry.slice(1), d));
  }
  if (!gmail) return matches(entry, address);
  const local = withoutLocalDots(address).split('@')[0];
  return GMAIL_DOMAINS.some((d) => matches(withoutLocalDots(entry), `${local}@${d}`));
};

let disposableDomains: ReadonlySet<string> | undefined;
/** Whether the domain, or a domain it is under, is a disposable-mail service's. */
export const isDisposableDomain = (domain: string) => {
  disposableDomains ??= disposableEmailBlocklistSet();
  const labels = domain.trim().toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (disposableDomains.has(labels.slice(i).join('.'))) return true;
  }
  return false;
};

/**
 * Why the tenant's blocklist refuses an address, or undefined when it may be used. Checked in Logto's order:
 * sub-addressing, the allowlist, the blocklist, then disposable domains.
 */
export const emailBlocklistIssue = (policy: EmailBlocklistPolicy, email: string): EmailBlocklistCode | undefined => {
  const [local = '', domain] = email.split('@');
  if (!domain) return 'session.email_blocklist.invalid_email';
  if (policy.blockSubaddressing && local.includes('+')) {
    return 'session.email_blocklist.email_subaddressing_not_allowed';
  }
  const allow = policy.customAllowlist ?? [];
  if (allow.length > 0 && !allow.some((item) => matchesEmailBlocklistItem(item, email))) {
    return 'session.email_blocklist.email_not_allowed';
  }
  if ((policy.customBlocklist ?? []).some((item) => matchesEmailBlocklistItem(item, email))) {
    return 'session.email_blocklist.email_not_allowed';
  }
  if (policy.blockDisposableAddresses && isDisposableDomain(domain)) {
    return 'session.email_blocklist.email_not_allowed';
  }
  return undefined;
};
