/**
 * A passkey registered with the WebAuthn module, as the sign-in pages will store it in `mfaVerifications`: the
 * Management API lists it as Logto does (agent, name, last use; never the key), counts it as a factor besides
 * which backup codes may be added, and deletes it.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import {
  authenticationOptions,
  registrationOptions,
  relyingParty,
  verifyAuthentication,
  verifyRegistration,
  withAuthentication,
} from '../../src/entities/user/server/account/webauthn';
import { WEBAUTHN_SCRIPTS } from '../../src/server/interaction/webauthn-views';
import { softwareAuthenticator } from '../unit/software-authenticator';
import { databases, useApi } from './harness.js';
import { createUser } from './users.js';

const rp = relyingParty('https://auth.example.com/oidc');
const origin = 'https://auth.example.com';

describe.each(databases())('passkeys among a user’s MFA verifications on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const store = (userId: string, verifications: unknown[]) =>
    api.db.query('UPDATE users SET mfa_verifications = $1::jsonb WHERE id = $2', [
      JSON.stringify(verifications),
      userId,
    ]);
  const path = (userId: string) => ({ params: { path: { userId } } });

  it('lists a registered passkey with its agent, name and last use, without its key', async () => {
    const userId = (await createUser(api.db, 'default', { username: 'ada', password: 'Secret-2024' })).id;
    const authenticator = softwareAuthenticator(rp.id);
    const { challenge } = await registrationOptions({ id: userId, username: 'ada' }, [], rp);
    const registration = authenticator.register({ challenge, origin });
    const passkey = await verifyRegistration(registration, challenge, rp, { agent: 'Chrome', name: 'Laptop' });
    await store(userId, [passkey]);

    const listed = await client.GET('/api/users/{userId}/mfa-verifications', path(userId));
    expect(listed.response.status).toBe(200);
    expect(listed.data).toEqual([
      { id: passkey.id, createdAt: passkey.createdAt, type: 'WebAuthn', agent: 'Chrome', name: 'Laptop' },
    ]);

    const options = await authenticationOptions([passkey], rp);
    const assertion = authenticator.authenticate({ challenge: options.challenge, origin });
    const used = await verifyAuthentication(assertion, options.challenge, [passkey], rp);
    await store(userId, withAuthentication([passkey], used));
    const after = await client.GET('/api/users/{userId}/mfa-verifications', path(userId));
    expect(after.data).toEqual([{ ...listed.data?.[0], lastUsedAt: used.lastUsedAt }]);
    expect(JSON.stringify(after.data)).not.toContain(passkey.publicKey);
    expect(JSON.stringify(after.data)).not.toContain(passkey.credentialId);

    // A passkey is a factor: backup codes may join it.
    const backup = await client.POST('/api/users/{userId}/mfa-verifications', {
      ...path(userId),
      body: { type: 'BackupCode' },
    });
    expect(backup.response.status).toBe(200);

    const removed = await client.DELETE('/api/users/{userId}/mfa-verifications/{verificationId}', {
      params: { path: { userId, verificationId: passkey.id } },
    });
    expect(removed.response.status).toBe(204);
    const left = await client.GET('/api/users/{userId}/mfa-verifications', path(userId));
    expect(left.data?.map(({ type }) => type)).toEqual(['BackupCode']);
  });

  it('serves the passkey pages’ scripts from this origin', async () => {
    for (const path of WEBAUTHN_SCRIPTS) {
      const reply = await api.request('GET', path);
      expect(reply.status, path).toBe(200);
      expect(String(reply.headers['content-type']), path).toMatch(/^text\/javascript/);
    }
    const library = await api.request('GET', WEBAUTHN_SCRIPTS[0]);
    expect(String(library.body)).toContain('SimpleWebAuthnBrowser');
  });
});
