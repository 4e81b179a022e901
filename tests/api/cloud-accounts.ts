/**
 * Console accounts of a cloud server, as the console signs them in: the first one registers on the admin tenant's
 * pages, later ones are created in the admin tenant with the cloud's `user` role; each signs in for the cloud API
 * with the tenant permissions, and trades its refresh token for a tenant's organization token.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { systemContext } from '../../src/server/crud/context.js';
import type { Database } from '../../src/server/db/database.js';
import { Browser, exchangeConsoleCode, formAction, pkce, postForm } from './oidc-helpers.js';
import { PASSWORD } from './oidc-sign-in-steps.js';
import { userStore } from './users.js';

export const CLOUD_API = 'https://cloud.gatehouse.internal/api';
const ORGANIZATION_RESOURCE = 'urn:logto:resource:organizations';
const TENANT_PERMISSIONS =
  'read:data write:data delete:data read:member invite:member remove:member update:member:role manage:tenant';
export const CLOUD_SCOPE = `openid offline_access profile email urn:logto:scope:organizations create:tenant manage:tenant:self ${TENANT_PERMISSIONS}`;

export interface ConsoleTokens {
  access_token: string;
  refresh_token: string;
}

/** Signs a console account in (or registers the first one) through the admin tenant's pages. */
export const cloudSignIn = async (
  origin: string,
  username: string,
  { register = false, scope = CLOUD_SCOPE }: { register?: boolean; scope?: string } = {},
): Promise<ConsoleTokens> => {
  const browser = new Browser();
  const { verifier, challenge } = pkce();
  const params = new URLSearchParams({
    client_id: 'admin-console',
    redirect_uri: `${origin}/console/callback`,
    response_type: 'code',
    scope,
    resource: CLOUD_API,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(4).toString('hex'),
    prompt: 'login consent',
    ...(register ? { first_screen: 'register' } : {}),
  });
  // The tenant permissions are the organization template's: asked for with its resource.
  params.append('resource', ORGANIZATION_RESOURCE);
  const page = await browser.follow(`${origin}/t/admin/oidc/auth?${params}`);
  const submitted = register
    ? await browser.post(formAction(page.text, origin, '/register'), {
        username,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
      })
    : await browser.post(formAction(page.text, origin, '/sign-in'), { identifier: username, password: PASSWORD });
  expect(submitted.status, submitted.text).toBe(303);
  const back = await browser.follow(submitted.location ?? '', `${origin}/console/callback`);
  return exchangeConsoleCode(origin, back.location ?? '', verifier, CLOUD_API);
};

/** A console account after the first: created in the admin tenant with the cloud's `user` role, then signed in. */
export const cloudAccount = async (
  origin: string,
  db: Database,
  username: string,
  primaryEmail?: string,
): Promise<ConsoleTokens> => {
  const user = await userStore(db).create(systemContext('admin', 'test', { edition: 'cloud' }), {
    username,
    password: PASSWORD,
    primaryEmail: primaryEmail ?? null,
  });
  await db.withTenant('admin', (tx) =>
    tx.query(
      `INSERT INTO users_roles (tenant_id, user_id, role_id)
       SELECT 'admin', $1, id FROM roles WHERE tenant_id = 'admin' AND name = 'user'`,
      [user.id],
    ),
  );
  return cloudSignIn(origin, username);
};

/** The account's organization token for a tenant (its refresh token rotates: the new one replaces it). */
export const tenantToken = async (origin: string, tokens: ConsoleTokens, tenantId: string) => {
  const answer = await postForm(`${origin}/t/admin/oidc/token`, {
    grant_type: 'refresh_token',
    client_id: 'admin-console',
    refresh_token: tokens.refresh_token,
    organization_id: `t-${tenantId}`,
  });
  if (answer.status === 200) tokens.refresh_token = answer.body.refresh_token ?? tokens.refresh_token;
  return answer;
};
