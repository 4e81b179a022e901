import { join, resolve } from 'node:path';
import { domainResolver } from '../entities/domain/server/dns-check.js';
import { type BillingSettings, readBillingSettings } from './billing/settings.js';
import { type BootstrapSettings, readBootstrapSettings } from './bootstrap/settings.js';
import type { ServerEdition } from './crud/context.js';
import type { CaptchaEndpoints } from './interaction/captcha/endpoints.js';
import type { SmtpConfig } from './messages/smtp.js';
import { SecretVault } from './secrets/vault.js';
import { StartRefused } from './start-refused.js';
import { type AdminConnector, readAdminSmtpUrl, readAdminSocialConnectors } from './tenants/admin-connectors.js';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  consoleDir: string;
  /** The origin users and clients reach the server at (token issuers, redirect URIs); PUBLIC_URL, else the listen address. */
  publicUrl: string;
  /** The Pwned Passwords range API for breached-password checks (PWNED_PASSWORDS_RANGE_URL); unset, HIBP's. */
  pwnedRangeUrl: string | undefined;
  /**
   * Where the CAPTCHA providers are reached (TURNSTILE_VERIFY_URL, TURNSTILE_SCRIPT_URL, RECAPTCHA_ENTERPRISE_API_URL,
   * RECAPTCHA_ENTERPRISE_SCRIPT_URL); unset ones are the providers' own.
   */
  captcha: Partial<CaptchaEndpoints>;
  /** What to create at start when missing (GATEHOUSE_BOOTSTRAP_*): a console administrator, an API client. */
  bootstrap: BootstrapSettings;
  /** The rows a list counts exactly for `Prefer: count=estimated` (COUNT_ESTIMATE_THRESHOLD); unset, the default. */
  countThreshold: number | undefined;
  /** Where uploaded files are kept (USER_ASSETS_DIR); unset, `user-assets` in the data directory. */
  userAssetsDir: string;
  /** The secret vault's key (SECRET_VAULT_KEK, 32 bytes in base64); unset, no provider tokens are kept. */
  vault: SecretVault | undefined;
  /** The parent domain of protected apps' hosts (PROTECTED_APP_DOMAIN); unset, protected apps are not available. */
  protectedAppDomain: string | undefined;
  /** What the server runs as (GATEHOUSE_EDITION): `oss`, one default tenant (the default), or `cloud`. */
  edition: ServerEdition;
  /** The payment provider of the cloud's billing (STRIPE_API_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET). */
  billing: BillingSettings | undefined;
  /** Where the latest release is announced (RELEASE_FEED_URL): the version badge's dot; unset, none is known. */
  releaseFeedUrl: string | undefined;
  adminMail: SmtpConfig | undefined;
  adminSocialConnectors: AdminConnector[];
}

/** The origin of the listen address, as a browser on this machine reaches it. */
const listenOrigin = (host: string, port: number) => {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
};

/** An http(s) URL from the environment, or nothing when unset; anything else refuses the start. */
const readServiceUrl = (env: NodeJS.ProcessEnv, name: string, example: string) => {
  const value = env[name];
  if (!value) return undefined;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new StartRefused(`${name} must be an http(s) URL such as ${example}, got ${value}`);
  }
  return url.href;
};

const readCaptchaEndpoints = (env: NodeJS.ProcessEnv): Partial<CaptchaEndpoints> => ({
  turnstileVerifyUrl: readServiceUrl(
    env,
    'TURNSTILE_VERIFY_URL',
    'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  ),
  turnstileScriptUrl: readServiceUrl(
    env,
    'TURNSTILE_SCRIPT_URL',
    'https://challenges.cloudflare.com/turnstile/v0/api.js',
  ),
  recaptchaApiUrl: readServiceUrl(env, 'RECAPTCHA_ENTERPRISE_API_URL', 'https://recaptchaenterprise.googleapis.com/v1'),
  recaptchaScriptUrl: readServiceUrl(
    env,
    'RECAPTCHA_ENTERPRISE_SCRIPT_URL',
    'https://www.google.com/recaptcha/enterprise.js',
  ),
});

/** A count threshold from the environment: a whole number from 1 to 1,000,000, or nothing when unset. */
const readThreshold = (env: NodeJS.ProcessEnv, name: string) => {
  const value = env[name];
  if (!value) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > 1_000_000) {
    throw new StartRefused(`${name} must be a whole number from 1 to 1000000, got ${value}`);
  }
  return number;
};

/**
 * Refuses to start with custom-domain settings the checks could not use: DNS_RESOLVER, the DNS servers the
 * records are looked up at (`address[:port]`, comma-separated), and CUSTOM_DOMAIN_TARGET, the host name the
 * domains' CNAME records name. Both are read when a domain is checked.
 */
const checkDomainSettings = (env: NodeJS.ProcessEnv) => {
  if (env.DNS_RESOLVER) {
    try {
      domainResolver(env);
    } catch {
      throw new StartRefused(
        `DNS_RESOLVER must list DNS server addresses such as 10.0.0.2:53, got ${env.DNS_RESOLVER}`,
      );
    }
  }
  const target = env.CUSTOM_DOMAIN_TARGET;
  if (target && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(target)) {
    throw new StartRefused(`CUSTOM_DOMAIN_TARGET must be a host name such as edge.example.com, got ${target}`);
  }
};

/** PROTECTED_APP_DOMAIN: a domain name (its wildcard points at this server), in lower case; or unset. */
const readProtectedAppDomain = (env: NodeJS.ProcessEnv) => {
  const domain = env.PROTECTED_APP_DOMAIN?.trim().toLowerCase();
  if (!domain) return undefined;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) {
    throw new StartRefused(`PROTECTED_APP_DOMAIN must be a domain name such as apps.example.com, got ${domain}`);
  }
  return domain;
};

/** ADMIN_SMTP_URL: the admin tenant's mail server, or unset; a malformed one refuses the start. */
const readAdminMail = (env: NodeJS.ProcessEnv) => {
  const read = readAdminSmtpUrl(env.ADMIN_SMTP_URL);
  if (typeof read === 'string') throw new StartRefused(read);
  return read;
};

/** ADMIN_SOCIAL_CONNECTORS: the admin tenant's social connectors, or none; a malformed list refuses the start. */
const readAdminSocial = (env: NodeJS.ProcessEnv) => {
  const read = readAdminSocialConnectors(env.ADMIN_SOCIAL_CONNECTORS);
  if (typeof read === 'string') throw new StartRefused(read);
  return read;
};

/** The edition from GATEHOUSE_EDITION: `oss` (the default) or `cloud`; anything else refuses the start. */
const readEdition = (env: NodeJS.ProcessEnv): ServerEdition => {
  const value = env.GATEHOUSE_EDITION || 'oss';
  if (value !== 'oss' && value !== 'cloud') {
    throw new StartRefused(`GATEHOUSE_EDITION must be oss or cloud, got ${value}`);
  }
  return value;
};

/** The secret vault from SECRET_VAULT_KEK: 32 bytes in base64, or unset. */
const readVault = (env: NodeJS.ProcessEnv) => {
  try {
    return SecretVault.fromBase64(env.SECRET_VAULT_KEK);
  } catch (error) {
    throw new StartRefused((error as Error).message);
  }
};

/** Reads the server's settings from the environment: PORT, HOST, DATABASE_URL, DATA_DIR, PUBLIC_URL,
 * PWNED_PASSWORDS_RANGE_URL, the CAPTCHA providers' URLs, COUNT_ESTIMATE_THRESHOLD, USER_ASSETS_DIR, SECRET_VAULT_KEK, PROTECTED_APP_DOMAIN, GATEHOUSE_EDITION,
 * STRIPE_*, RELEASE_FEED_URL; and checks
 * DNS_RESOLVER and CUSTOM_DOMAIN_TARGET. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  checkDomainSettings(env);
  const port = Number(env.PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new StartRefused(`PORT must be a port number, got ${env.PORT}`);
  const host = env.HOST || '127.0.0.1';
  const publicUrl = env.PUBLIC_URL || listenOrigin(host, port);
  const url = URL.parse(publicUrl);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/') {
    throw new StartRefused(`PUBLIC_URL must be an http(s) origin such as https://id.example.com, got ${publicUrl}`);
  }
  return {
    port,
    // Loopback unless the operator chooses an address (HOST=0.0.0.0 behind a proxy, with PUBLIC_URL).
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR || 'data'),
    consoleDir: resolve(env.CONSOLE_DIR || 'dist/console'),
    publicUrl: url.origin,
    pwnedRangeUrl: readServiceUrl(env, 'PWNED_PASSWORDS_RANGE_URL', 'https://api.pwnedpasswords.com/range/'),
    captcha: readCaptchaEndpoints(env),
    bootstrap: readBootstrapSettings(env),
    countThreshold: readThreshold(env, 'COUNT_ESTIMATE_THRESHOLD'),
    userAssetsDir: resolve(env.USER_ASSETS_DIR || join(env.DATA_DIR || 'data', 'user-assets')),
    vault: readVault(env),
    protectedAppDomain: readProtectedAppDomain(env),
    edition: readEdition(env),
    billing: readBillingSettings(env),
    releaseFeedUrl: readServiceUrl(env, 'RELEASE_FEED_URL', 'https://releases.example.com/latest.json'),
    adminMail: readAdminMail(env),
    adminSocialConnectors: readAdminSocial(env),
  };
};
