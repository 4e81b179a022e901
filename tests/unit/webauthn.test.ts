import { describe, expect, it } from 'vitest';
import {
  authenticationOptions,
  registrationOptions,
  relyingParty,
  verifyAuthentication,
  verifyRegistration,
  WebAuthnRefusal,
  type WebAuthnRefusalReason,
  withAuthentication,
} from '../../src/entities/user/server/account/webauthn';
import { listedMfaVerification } from '../../src/entities/user/server/mfa';
import { softwareAuthenticator } from './software-authenticator';

const rp = relyingParty('https://auth.example.com/t/acme/oidc');
const origin = 'https://auth.example.com';
const user = { id: 'user-1', username: 'ada', primaryEmail: 'ada@example.com', name: 'Ada Lovelace' };
const agent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';

const refusal = async (promise: Promise<unknown>): Promise<WebAuthnRefusalReason | string> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WebAuthnRefusal) {
      expect(error.status).toBe(400);
      expect(error.code).toBe('session.mfa.webauthn_verification_failed');
      return error.reason;
    }
    throw error;
  }
  return 'accepted';
};

/** A registered credential: the authenticator, the stored verification, the user's verifications. */
const registered = async () => {
  const authenticator = softwareAuthenticator(rp.id);
  const options = await registrationOptions(user, [], rp);
  const stored = await verifyRegistration(
    JSON.stringify(authenticator.register({ challenge: options.challenge, origin })),
    options.challenge,
    rp,
    { agent },
  );
  const totp = { id: 'totp-1', type: 'Totp', createdAt: '2024-01-01T00:00:00.000Z', key: 'SECRET' };
  return { authenticator, stored, verifications: [totp, stored] };
};

describe('the relying party', () => {
  it('is the host and origin of the tenant’s sign-in pages, with the related origins', () => {
    expect(rp).toEqual({ id: 'auth.example.com', name: 'auth.example.com', origins: [origin] });
    expect(relyingParty('http://localhost:3001/oidc', { relatedOrigins: ['https://app.example.com/path'] })).toEqual({
      id: 'localhost',
      name: 'localhost',
      origins: ['http://localhost:3001', 'https://app.example.com'],
    });
  });
});

describe('registration', () => {
  it('asks for a discoverable, user-verified credential other than the user’s own', async () => {
    const { stored } = await registered();
    const options = await registrationOptions(user, [{ id: 'totp', type: 'Totp' }, stored], rp);
    expect(options.rp).toEqual({ id: 'auth.example.com', name: 'auth.example.com' });
    expect(options.user.name).toBe('ada@example.com');
    expect(options.user.displayName).toBe('Ada Lovelace');
    expect(options.attestation).toBe('none');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.excludeCredentials).toEqual([
      { id: stored.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);
  });

  it('stores what Logto stores of a WebAuthn verification', async () => {
    const { authenticator, stored } = await registered();
    expect(stored).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{21}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      type: 'WebAuthn',
      rpId: 'auth.example.com',
      credentialId: authenticator.credentialId,
      publicKey: expect.stringMatching(/^[\w-]+$/),
      counter: 0,
      agent,
      transports: ['internal'],
    });
    // The Management API's list shows it without the key.
    expect(listedMfaVerification(stored)).toEqual({
      id: stored.id,
      createdAt: stored.createdAt,
      type: 'WebAuthn',
      agent,
    });
    const named = await verifyRegistration(
      (() => {
        const other = softwareAuthenticator(rp.id);
        return other.register({ challenge: 'Y2hhbGxlbmdl', origin });
      })(),
      'Y2hhbGxlbmdl',
      rp,
      { agent, name: 'Laptop' },
    );
    expect(named.name).toBe('Laptop');
  });

  it('refuses another challenge, another origin, another relying party, no user verification, or garbage', async () => {
    const authenticator = softwareAuthenticator(rp.id);
    const { challenge } = await registrationOptions(user, [], rp);
    const verify = (response: unknown) => refusal(verifyRegistration(response, challenge, rp, { agent }));
    expect(await verify(authenticator.register({ challenge: 'b3RoZXI', origin }))).toBe('challenge');
    expect(await verify(authenticator.register({ challenge, origin: 'https://evil.example' }))).toBe('origin');
    expect(await verify(authenticator.register({ challenge, origin, rpId: 'evil.example' }))).toBe('invalid');
    expect(await verify(authenticator.register({ challenge, origin, userVerified: false }))).toBe('invalid');
    expect(await verify('not json')).toBe('malformed');
    expect(await verify({ id: 'x', rawId: 'x', type: 'public-key', response: {} })).toBe('malformed');
    expect(await verify(authenticator.register({ challenge, origin }))).toBe('accepted');
  });
});

describe('authentication', () => {
  it('asks for one of the user’s credentials, and refuses a user without one', async () => {
    const { stored, verifications } = await registered();
    const options = await authenticationOptions(verifications, rp);
    expect(options.rpId).toBe('auth.example.com');
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials).toEqual([
      { id: stored.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    await expect(authenticationOptions([{ id: 'totp', type: 'Totp' }], rp)).rejects.toMatchObject({
      status: 400,
      code: 'session.mfa.webauthn_verification_not_found',
    });
  });

  it('accepts the credential’s signature and answers the new counter, stored with withAuthentication', async () => {
    const { authenticator, stored, verifications } = await registered();
    const { challenge } = await authenticationOptions(verifications, rp);
    const response = JSON.stringify(authenticator.authenticate({ challenge, origin }));
    const result = await verifyAuthentication(response, challenge, verifications, rp);
    expect(result).toEqual({ verificationId: stored.id, counter: 1, lastUsedAt: expect.stringMatching(/^\d{4}-/) });
    const after = withAuthentication(verifications, result);
    expect(after[0]).toEqual(verifications[0]);
    expect(after[1]).toEqual({ ...stored, counter: 1, lastUsedAt: result.lastUsedAt });
    expect(listedMfaVerification(after[1] as typeof stored)).toEqual({
      id: stored.id,
      createdAt: stored.createdAt,
      type: 'WebAuthn',
      agent,
      lastUsedAt: result.lastUsedAt,
    });
  });

  it('refuses another challenge, another origin, an unknown credential, a counter that went back, a bad signature', async () => {
    const { authenticator, verifications } = await registered();
    const { challenge } = await authenticationOptions(verifications, rp);
    const verify = (response: unknown, stored = verifications) =>
      refusal(verifyAuthentication(response, challenge, stored, rp));
    expect(await verify(authenticator.authenticate({ challenge: 'b3RoZXI', origin }))).toBe('challenge');
    expect(await verify(authenticator.authenticate({ challenge, origin: 'https://evil.example' }))).toBe('origin');
    const stranger = softwareAuthenticator(rp.id);
    expect(await verify(stranger.authenticate({ challenge, origin }))).toBe('credential');
    expect(await verify(authenticator.authenticate({ challenge, origin }), verifications.slice(0, 1))).toBe(
      'credential',
    );
    expect(await verify(authenticator.authenticate({ challenge, origin, userVerified: false }))).toBe('invalid');
    expect(await verify(authenticator.authenticate({ challenge, origin, rpId: 'evil.example' }))).toBe('invalid');

    const good = authenticator.authenticate({ challenge, origin, counter: 5 });
    const tampered = {
      ...good,
      response: { ...good.response, signature: stranger.authenticate({ challenge, origin }).response.signature },
    };
    expect(await verify(tampered)).toBe('invalid');

    const result = await verifyAuthentication(good, challenge, verifications, rp);
    expect(result.counter).toBe(5);
    const after = withAuthentication(verifications, result);
    // A replay of the same assertion, and an older counter: the credential may have been cloned.
    expect(await verify(good, after)).toBe('counter');
    expect(await verify(authenticator.authenticate({ challenge, origin, counter: 3 }), after)).toBe('counter');
    expect(await verify(authenticator.authenticate({ challenge, origin, counter: 6 }), after)).toBe('accepted');
  });
});
