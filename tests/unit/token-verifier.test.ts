import { exportJWK, generateKeyPair, type JSONWebKeySet, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier, TokenRejected } from '../../src/server/auth/token-verifier.js';

const ISSUER = 'https://auth.example.com/oidc';
const AUDIENCE = 'https://default.logto.app/api';

const keyPair = async (kid: string, expiresIn = '1h') => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const set: JSONWebKeySet = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  const sign = () =>
    new SignJWT({ scope: 'all', client_id: 'm2m-app' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('m2m-app')
      .setExpirationTime(expiresIn)
      .sign(privateKey);
  return { set, sign };
};

describe('management token verification', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts tokens of the published keys, again and again, and none once other keys are published', async () => {
    const first = await keyPair('first');
    const second = await keyPair('second');
    let published = first.set;
    const verifier = createTokenVerifier({
      trustedIssuers: async (tenantId) => [{ tenantId, issuer: ISSUER, jwks: async () => published }],
      audience: () => AUDIENCE,
    });
    const token = await first.sign();
    for (let i = 0; i < 3; i++) {
      await expect(verifier.verify(token, 'default')).resolves.toMatchObject({ clientId: 'm2m-app', scopes: ['all'] });
    }
    published = second.set;
    await expect(verifier.verify(token, 'default')).rejects.toBeInstanceOf(TokenRejected);
    await expect(verifier.verify(await second.sign(), 'default')).resolves.toMatchObject({ subject: 'm2m-app' });
  });

  it('accepts a token it has verified until the token expires, and never lets a caller change its claims', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const pair = await keyPair('short', '60s');
    const verifier = createTokenVerifier({
      trustedIssuers: async (tenantId) => [{ tenantId, issuer: ISSUER, jwks: async () => pair.set }],
      audience: () => AUDIENCE,
    });
    const token = await pair.sign();
    const first = await verifier.verify(token, 'default');
    first.scopes.push('stolen');
    await expect(verifier.verify(token, 'default')).resolves.toMatchObject({ scopes: ['all'] });
    vi.setSystemTime(Date.now() + 59_000);
    await expect(verifier.verify(token, 'default')).resolves.toMatchObject({ subject: 'm2m-app' });
    vi.setSystemTime(Date.now() + 2_000);
    await expect(verifier.verify(token, 'default')).rejects.toBeInstanceOf(TokenRejected);
  });
});
