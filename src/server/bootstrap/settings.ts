import { defaultPasswordPolicy, fastCheck, issueParams } from '../../entities/user/server/account/password-policy.js';
import { identifierRules } from '../../entities/user/server/account/store.js';
import { generatedCatalog } from '../catalog.js';
import { modelOf } from '../crud/catalog.js';
import { translatorFor } from '../locales/index.js';
import { StartRefused } from '../start-refused.js';

/** What the server creates at start when it is missing, for deployments without a person at the console. */
export interface BootstrapSettings {
  /** The first console administrator (admin tenant), with the default tenant's administrator role. */
  admin?: { username: string; password: string; email: string | undefined };
  /** A machine-to-machine application of the default tenant holding the "Management API access" role. */
  client?: { id: string; secret: string };
  /** The console's administrators (the admin tenant's `default:admin` role) hold the QA scope: the form gallery. */
  qa?: true;
}

export const BOOTSTRAP_ENV = {
  username: 'GATEHOUSE_BOOTSTRAP_ADMIN_USERNAME',
  password: 'GATEHOUSE_BOOTSTRAP_ADMIN_PASSWORD',
  email: 'GATEHOUSE_BOOTSTRAP_ADMIN_EMAIL',
  clientId: 'GATEHOUSE_BOOTSTRAP_CLIENT_ID',
  clientSecret: 'GATEHOUSE_BOOTSTRAP_CLIENT_SECRET',
  qa: 'GATEHOUSE_BOOTSTRAP_QA',
} as const;

/** Client ids appear in URLs and HTTP Basic credentials: letters, digits, `-` and `_`, as long as an id may be. */
const CLIENT_ID = /^[A-Za-z0-9_-]{1,21}$/;
/** Secrets travel in HTTP Basic credentials unencoded only when they use URL-safe characters; 32 at least. */
const CLIENT_SECRET = /^[A-Za-z0-9._~-]{32,256}$/;

const pair = (env: NodeJS.ProcessEnv, first: string, second: string) => {
  const a = env[first] || undefined;
  const b = env[second] || undefined;
  if ((a === undefined) !== (b === undefined)) {
    throw new StartRefused(
      `${a === undefined ? first : second} must be set together with ${a === undefined ? second : first}.`,
    );
  }
  return a !== undefined && b !== undefined ? ([a, b] as const) : undefined;
};

const readAdmin = (env: NodeJS.ProcessEnv): BootstrapSettings['admin'] => {
  const { username: U, password: P, email: E } = BOOTSTRAP_ENV;
  const email = env[E] || undefined;
  const given = pair(env, U, P);
  if (!given) {
    if (email) throw new StartRefused(`${E} needs ${U} and ${P}.`);
    return undefined;
  }
  const [username, password] = given;
  // The product's user schema: settings are read before the server (and its catalog) is built.
  const { username: usernameRule, email: emailRule } = identifierRules(modelOf(generatedCatalog(), 'user'));
  if (username.length > usernameRule.maxLength || !usernameRule.pattern.test(username)) {
    throw new StartRefused(
      `${U} must start with a letter or underscore and hold only letters, digits and underscores (at most ${usernameRule.maxLength}).`,
    );
  }
  if (email && (email.length > emailRule.maxLength || !emailRule.pattern.test(email))) {
    throw new StartRefused(`${E} is not a valid email address.`);
  }
  // The default policy's length and characters (the tenant's full policy applies to its sign-in pages).
  const rejections = fastCheck(password, defaultPasswordPolicy);
  if (rejections.length > 0) {
    const { t } = translatorFor('en');
    const reasons = rejections.map((issue) => t(`errors:${issue.code}`, issueParams(issue)));
    throw new StartRefused(`${P} does not meet the password policy: ${reasons.join(' ')}`);
  }
  return { username, password, email };
};

const readClient = (env: NodeJS.ProcessEnv): BootstrapSettings['client'] => {
  const { clientId: I, clientSecret: S } = BOOTSTRAP_ENV;
  const given = pair(env, I, S);
  if (!given) return undefined;
  const [id, secret] = given;
  if (!CLIENT_ID.test(id)) throw new StartRefused(`${I} must be 1 to 21 letters, digits, "-" or "_".`);
  if (!CLIENT_SECRET.test(secret)) {
    throw new StartRefused(`${S} must be 32 to 256 letters, digits, "-", ".", "_" or "~" (e.g. openssl rand -hex 32).`);
  }
  return { id, secret };
};

/** Reads and checks the GATEHOUSE_BOOTSTRAP_* variables; a value the server would not accept refuses the start. */
const readQa = (env: NodeJS.ProcessEnv): boolean => {
  const value = env[BOOTSTRAP_ENV.qa] || 'false';
  if (value !== 'true' && value !== 'false') throw new StartRefused(`${BOOTSTRAP_ENV.qa} must be true or false.`);
  return value === 'true';
};

export const readBootstrapSettings = (env: NodeJS.ProcessEnv): BootstrapSettings => {
  const admin = readAdmin(env);
  const client = readClient(env);
  return { ...(admin ? { admin } : {}), ...(client ? { client } : {}), ...(readQa(env) ? { qa: true as const } : {}) };
};
