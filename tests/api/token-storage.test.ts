/**
 * Token storage, as a Logto client meets it: where a social connector stores tokens, a sign-in keeps the provider's
 * token set in the secret vault (encrypted; the database never holds the access token in the clear, and the vault
 * opens to a token the provider accepts). A user's identity answers the kept set's metadata with
 * `includeTokenSecret`, never its encrypted parts; a new sign-in replaces it; `DELETE /api/secrets/{id}` removes
 * it; a connector that does not store tokens keeps none.
 */
import { randomBytes } from 'node:crypto';
import { createManagementApi } from '@logto/api/management';
import { beforeAll, describe, expect, it } from 'vitest';
import { SecretVault } from '../../src/server/secrets/vault.js';
import { databases } from './harness.js';
import { createM2mApp } from './oidc-provider-helpers.js';
import { CONNECTOR, useSocialUpstream } from './social-upstream-steps.js';

const vault = new SecretVault(randomBytes(32));

describe.each(databases())('token storage on $name', (target) => {
  const { pages, issuer, upstreamUser, signInUpstream, reachedApp, holderOf } = useSocialUpstream(target, () => ({
    vault,
  }));
  let client: ReturnType<typeof createManagementApi>['apiClient'];

  beforeAll(async () => {
    const admin = await createM2mApp(pages.db(), 'default', { withRole: true });
    client = createManagementApi('default', {
      clientId: admin.id,
      clientSecret: admin.secret,
      baseUrl: pages.origin(),
    }).apiClient;
  });

  const storeTokens = async (enableTokenStorage: boolean) => {
    const patched = await pages.api('', 'PATCH', `/connectors/${CONNECTOR}`, { enableTokenStorage });
    expect(patched.status, patched.text).toBe(200);
  };

  /** A new upstream person signed in through the connector: the account it made here. */
  const signedInAccount = async () => {
    const person = await upstreamUser();
    const { browser, page } = await pages.open('');
    reachedApp(await signInUpstream(browser, page.url, person.username));
    const [holder] = await holderOf(person.id);
    return { person, userId: holder?.id as string };
  };

  const identityOf = (userId: string, includeTokenSecret?: string) =>
    client.GET('/api/users/{userId}/identities/{target}', {
      params: { path: { userId, target: 'acme' }, query: includeTokenSecret ? { includeTokenSecret } : {} },
    });

  const keptRows = async (userId: string) =>
    (
      await pages
        .db()
        .query<{ id: string; encrypted_dek: string; iv: string; auth_tag: string; ciphertext: string }>(
          `SELECT id, encrypted_dek, iv, auth_tag, ciphertext FROM secrets WHERE tenant_id = 'default' AND user_id = $1`,
          [userId],
        )
    ).rows;

  it('keeps the provider’s tokens sealed and answers their metadata with includeTokenSecret', async () => {
    await storeTokens(true);
    const before = Math.floor(Date.now() / 1000);
    const { person, userId } = await signedInAccount();

    const plain = await identityOf(userId);
    expect(plain.response.status).toBe(200);
    expect(plain.data).toEqual({ identity: expect.objectContaining({ userId: person.id }) });

    const withSecret = await identityOf(userId, 'true');
    const secret = withSecret.data?.tokenSecret;
    expect(secret).toMatchObject({
      tenantId: 'default',
      userId,
      type: 'federated_token_set',
      connectorId: CONNECTOR,
      target: 'acme',
      identityId: person.id,
      metadata: { tokenType: 'Bearer', hasRefreshToken: false },
    });
    expect(secret?.metadata.expiresAt).toBeGreaterThan(before);
    for (const hidden of ['encryptedDek', 'iv', 'authTag', 'ciphertext']) expect(secret).not.toHaveProperty(hidden);
    const all = await client.GET('/api/users/{userId}/all-identities', {
      params: { path: { userId }, query: { includeTokenSecret: 'yes' } },
    });
    expect(all.data?.socialIdentities[0]?.tokenSecret?.id).toBe(secret?.id);

    // At rest the token is sealed: the vault opens it to an access token the provider still accepts.
    const [row] = await keptRows(userId);
    const sealed = {
      encryptedDek: row?.encrypted_dek,
      iv: row?.iv,
      authTag: row?.auth_tag,
      ciphertext: row?.ciphertext,
    };
    const tokens = JSON.parse(vault.open(sealed as Parameters<typeof vault.open>[0])) as { access_token: string };
    expect(JSON.stringify(row)).not.toContain(tokens.access_token);
    const userInfo = await fetch(`${issuer()}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(userInfo.status).toBe(200);
    expect(((await userInfo.json()) as { sub: string }).sub).toBe(person.id);

    // A tampered part does not open.
    const tampered = { ...sealed, ciphertext: Buffer.from('another secret').toString('base64') };
    expect(() => vault.open(tampered as Parameters<typeof vault.open>[0])).toThrow();
  });

  it('replaces the kept tokens at each sign-in, and DELETE /api/secrets/{id} removes them', async () => {
    await storeTokens(true);
    const { person, userId } = await signedInAccount();
    const first = (await keptRows(userId))[0]?.id;
    const again = await pages.open('', { prompt: 'login' });
    reachedApp(await signInUpstream(again.browser, again.page.url, person.username));
    const rows = await keptRows(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(first);

    const id = rows[0]?.id as string;
    const removed = await client.DELETE('/api/secrets/{id}', { params: { path: { id } } });
    expect(removed.response.status).toBe(204);
    expect((await identityOf(userId, 'true')).data).not.toHaveProperty('tokenSecret');
    const twice = await client.DELETE('/api/secrets/{id}', { params: { path: { id } } });
    expect(twice.response.status).toBe(404);
    expect((twice.error as { code?: string } | undefined)?.code).toBe('entity.not_found');
  });

  it('stores tokens only for connectors that support it: social OAuth and OIDC, and OIDC single sign-on', async () => {
    const smtp = await client.POST('/api/connectors', {
      body: { connectorId: 'simple-mail-transfer-protocol', config: {}, enableTokenStorage: true },
    });
    expect(smtp.response.status).toBe(422);
    expect((smtp.error as { code?: string } | undefined)?.code).toBe('connector.token_storage_not_supported');
    const saml = await client.POST('/api/sso-connectors', {
      body: { providerName: 'SAML', connectorName: 'No tokens', enableTokenStorage: true },
    });
    expect(saml.response.status).toBe(422);
    expect((saml.error as { code?: string } | undefined)?.code).toBe('connector.token_storage_not_supported');
    const oidc = await client.POST('/api/sso-connectors', {
      body: { providerName: 'OIDC', connectorName: 'Keeps tokens', enableTokenStorage: true },
    });
    expect(oidc.response.status).toBe(200);
    expect(oidc.data?.enableTokenStorage).toBe(true);
  });

  it('drops the kept tokens with the identity', async () => {
    await storeTokens(true);
    const { userId } = await signedInAccount();
    expect(await keptRows(userId)).toHaveLength(1);
    const removed = await client.DELETE('/api/users/{userId}/identities/{target}', {
      params: { path: { userId, target: 'acme' } },
    });
    expect(removed.response.status).toBe(200);
    expect(await keptRows(userId)).toEqual([]);
  });

  it('keeps nothing where the connector does not store tokens', async () => {
    await storeTokens(false);
    const { userId } = await signedInAccount();
    expect(await keptRows(userId)).toEqual([]);
    expect((await identityOf(userId, 'true')).data).not.toHaveProperty('tokenSecret');
  });
});
