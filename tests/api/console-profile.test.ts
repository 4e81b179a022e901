/**
 * The console user's own profile (spec §2 row 23, `/me` of the admin tenant): name, avatar upload, username; a new
 * email address taken only after a code sent there is verified; the password changed only after the current one
 * (or a code to the user's own email) proved the user, within the policy; and, in the cloud, deleting the account:
 * blocked while a tenant it administers is paid for, else its tenants go with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/crud/context.js';
import type { Database } from '../../src/server/db/database.js';
import { addTenantMember } from '../../src/server/tenants/lifecycle.js';
import { type ConsoleTokens, cloudAccount, cloudSignIn } from './cloud-accounts.js';
import { databases, unique } from './harness.js';
import { Browser, type RunningServer, startServer } from './oidc-helpers.js';
import { PASSWORD } from './oidc-sign-in-steps.js';
import { type SmtpTestServer, smtpConfig, smtpTemplates, startSmtpServer } from './smtp-server.js';
import { upstreamOidcConfig } from './upstream-oidc.js';
import { createUser } from './users.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(databases())('the console profile on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let smtp: SmtpTestServer;
  const directory = mkdtempSync(join(tmpdir(), 'profile-assets-'));

  const call = async (tokens: ConsoleTokens, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.origin}/t/admin${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const codeSentTo = async (email: string) => /\d{6}/.exec((await smtp.nextMessageTo(email)).text)?.[0] ?? '';

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    smtp = await startSmtpServer();
    server = await startServer(db, { edition: 'cloud', verifier: 'identity', userAssetsDir: directory });
    await server.app.operationsOf('connector').create(systemContext('admin', 'test', { edition: 'cloud' }), {
      connectorId: 'simple-mail-transfer-protocol',
      config: smtpConfig(smtp, { templates: smtpTemplates() }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await dispose();
    rmSync(directory, { recursive: true, force: true });
  });

  it('changes the name, username and avatar (an uploaded image), and reads them back', async () => {
    const me = await cloudSignIn(server.origin, unique('owner_'), { register: true });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${server.origin}/t/admin/me/user-assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.access_token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(PNG);

    const username = unique('renamed_');
    const patched = await call(me, 'PATCH', '/me', { name: 'Ada Lovelace', avatar: url, username });
    expect(patched.status).toBe(200);
    const read = await call(me, 'GET', '/me');
    expect(read.body).toMatchObject({ name: 'Ada Lovelace', avatar: url, username, hasPassword: true });
    expect(read.body).not.toHaveProperty('passwordEncrypted');

    const bad = await call(me, 'PATCH', '/me', { avatar: 'not a url' });
    expect(bad.status).toBe(400);
    expect((await call(me, 'GET', '/me')).body.avatar).toBe(url);
  });

  it('takes a new email address only after the code sent there is verified, and refuses another address', async () => {
    const me = await cloudSignIn(server.origin, unique('mail_'), { register: true });
    const email = `${unique('ada')}@example.com`;
    const early = await call(me, 'PATCH', '/me', { primaryEmail: email });
    expect(early.status).toBe(404);
    expect(early.body.code).toBe('session.verification_session_not_found');

    expect((await call(me, 'POST', '/me/verification-codes', { email })).status).toBe(204);
    const code = await codeSentTo(email);
    const wrong = await call(me, 'POST', '/me/verification-codes/verify', {
      email,
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.code).toBe('verification_code.code_mismatch');
    expect((await call(me, 'POST', '/me/verification-codes/verify', { email, verificationCode: code })).status).toBe(
      204,
    );
    const other = await call(me, 'PATCH', '/me', { primaryEmail: `other-${email}` });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('session.verification_failed');
    expect((await call(me, 'PATCH', '/me', { primaryEmail: email })).body.primaryEmail).toBe(email);
  });

  it('changes the password after the current one proved the user, within the policy', async () => {
    const username = unique('pw_');
    const me = await cloudSignIn(server.origin, username, { register: true });
    const next = 'Another-Long-Passphrase-42';
    const unproved = await call(me, 'POST', '/me/password', { password: next });
    expect(unproved.body.code).toBe('session.verification_session_not_found');

    const wrong = await call(me, 'POST', '/me/password/verify', { password: 'not-the-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('session.invalid_credentials');
    expect((await call(me, 'POST', '/me/password/verify', { password: PASSWORD })).status).toBe(204);

    const weak = await call(me, 'POST', '/me/password', { password: 'a' });
    expect(weak.status).toBe(422);
    expect(weak.body.code).toBe('password.rejected');
    expect((await call(me, 'POST', '/me/password', { password: next })).status).toBe(204);
    // The new password signs in; the old one no longer does (the sign-in helper uses the shared test password).
    await expect(cloudSignIn(server.origin, username)).rejects.toThrow();
  });

  it('does not take a code to an address the user does not own as proof for the password', async () => {
    const me = await cloudSignIn(server.origin, unique('thief_'), { register: true });
    const email = `${unique('elsewhere')}@example.com`;
    await call(me, 'POST', '/me/verification-codes', { email });
    await call(me, 'POST', '/me/verification-codes/verify', { email, verificationCode: await codeSentTo(email) });
    const changed = await call(me, 'POST', '/me/password', { password: 'Another-Long-Passphrase-42' });
    expect(changed.status).toBe(422);
    expect(changed.body.code).toBe('session.verification_failed');
  });

  it('links a social account of a connector whose provider is another tenant, and unlinks it', async () => {
    const me = await cloudSignIn(server.origin, unique('social_'), { register: true });
    const upstream = (await call(me, 'POST', '/api/tenants', { name: 'Upstream', tag: 'development' })).body.id;
    const issuer = `${server.origin}/t/${upstream}/oidc`;
    const page = `${server.origin}/console/handle-social`;
    const cloud = (tenantId: string) => systemContext(tenantId, 'test', { edition: 'cloud' });
    const app = await server.app.operationsOf('application').create(cloud(upstream), {
      name: 'Console accounts',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: [page], postLogoutRedirectUris: [] },
    });
    const connector = await server.app.operationsOf('connector').create(cloud('admin'), {
      connectorId: 'oidc',
      metadata: { target: 'upstream', name: { en: 'Upstream' } },
      config: upstreamOidcConfig(issuer, app as { id: string; secret: string }),
    });
    const connectorId = String(connector.id);
    const username = unique('up_');
    const person = await createUser(db, upstream, { username, password: PASSWORD });
    const connectors = await call(me, 'GET', '/me/social/connectors');
    expect(connectors.body).toEqual([expect.objectContaining({ id: connectorId, target: 'upstream' })]);

    const uri = await call(me, 'POST', '/me/social/authorization-uri', {
      connectorId,
      state: 'st4te123',
      redirectUri: page,
    });
    expect(uri.status).toBe(200);
    const browser = new Browser();
    const login = await browser.follow(uri.body.redirectTo);
    const signedIn = await browser.post(`${login.url}/sign-in`, { identifier: username, password: PASSWORD });
    const back = new URL((await browser.follow(signedIn.location as string, page)).location as string);
    expect(back.searchParams.get('state')).toBe('st4te123');
    const connectorData = { code: back.searchParams.get('code') ?? '', redirectUri: page };
    const linked = await call(me, 'POST', '/me/social/link-identity', { connectorId, connectorData });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect((await call(me, 'GET', '/me')).body.identities).toMatchObject({ upstream: { userId: person.id } });

    expect((await call(me, 'DELETE', `/me/social/identity/${connectorId}`)).status).toBe(204);
    expect((await call(me, 'GET', '/me')).body.identities).toEqual({});
    expect((await call(me, 'DELETE', '/me/social/identity/nothing')).status).toBe(404);
  });

  it('sets up the admin tenant’s social connectors from the settings once, updated at the next start', async () => {
    const connector = (target: string, clientId: string) => ({
      connectorId: 'oidc',
      metadata: { target, name: { en: target } },
      config: upstreamOidcConfig('https://id.example.com/oidc', { id: clientId, secret: 'secret' }),
    });
    const count = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM connectors WHERE tenant_id = 'admin'`)).rows[0]?.n;
    const before = await count();
    const settings = {
      edition: 'cloud' as const,
      adminSocialConnectors: [connector('one', 'a'), connector('two', 'b')],
    };
    await (await startServer(db, settings)).close();
    expect(await count()).toBe((before ?? 0) + 2);
    settings.adminSocialConnectors = [connector('one', 'a2'), connector('two', 'b2')];
    await (await startServer(db, settings)).close();
    expect(await count()).toBe((before ?? 0) + 2);
    const { rows } = await db.query<{ client: string }>(
      `SELECT config ->> 'clientId' AS client FROM connectors WHERE tenant_id = 'admin' AND connector_id = 'oidc'
        AND metadata ->> 'target' IN ('one', 'two') ORDER BY metadata ->> 'target'`,
    );
    expect(rows.map((row) => row.client)).toEqual(['a2', 'b2']);
  });

  it('deletes an account with its tenants once no paid tenant blocks it; a collaborator tenant is only left', async () => {
    const owner = await cloudSignIn(server.origin, unique('del_'), { register: true });
    const mine = await call(owner, 'POST', '/api/tenants', { name: 'Mine', tag: 'development' });
    const paid = await call(owner, 'POST', '/api/tenants', { name: 'Paid', tag: 'production' });
    await db.query(`UPDATE tenants SET plan_id = 'pro' WHERE id = $1`, [paid.body.id]);

    const plan = await call(owner, 'GET', '/api/me/deletion');
    expect(plan.body.blockers).toEqual([{ id: paid.body.id, name: 'Paid', reason: 'paid_plan' }]);
    const refused = await call(owner, 'DELETE', '/api/me');
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('account.deletion_blocked');
    expect((await call(owner, 'GET', '/api/tenants')).body).toHaveLength(2);

    await db.query(`UPDATE tenants SET plan_id = 'free' WHERE id = $1`, [paid.body.id]);
    const other = await cloudAccount(server.origin, db, unique('other_'));
    const theirs = await call(other, 'POST', '/api/tenants', { name: 'Theirs', tag: 'development' });
    const ownerId = (await call(owner, 'GET', '/me')).body.id as string;
    await db.withTenant('admin', (tx) =>
      addTenantMember(tx, server.app.operationsOf, theirs.body.id, ownerId, 'collaborator'),
    );
    const deletion = await call(owner, 'GET', '/api/me/deletion');
    expect(deletion.body.tenantsToDelete.map((t: { name: string }) => t.name).sort()).toEqual(['Mine', 'Paid']);
    expect(deletion.body.blockers).toEqual([]);

    const deleted = await call(owner, 'DELETE', '/api/me');
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    const left = await db.query<{ id: string }>('SELECT id FROM tenants WHERE id = ANY($1)', [
      [mine.body.id, paid.body.id, theirs.body.id],
    ]);
    expect(left.rows.map((row) => row.id)).toEqual([theirs.body.id]);
    expect((await call(owner, 'GET', '/me')).status).toBe(401);
  });
});
