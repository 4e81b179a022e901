/**
 * The ID token an OpenID provider answers, as social and enterprise sign-in read it: a local provider's token
 * endpoint hands out tokens the test signs, and each guard is tried on its own. Only a token signed by a key of the
 * provider's JWKS, naming the provider as issuer, the connector's client as audience and the sign-in's nonce, names a
 * user; a token signed by another key, unsigned, for another client, from another issuer or for another sign-in is
 * refused.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/api-error.js';
import type { SocialConfig } from '../../src/server/social/config.js';
import { socialProfile } from '../../src/server/social/profile.js';

const CLIENT = 'storefront';
const NONCE = 'n0nce-of-this-sign-in';

describe('the ID token of an OpenID provider', () => {
  let issuer = '';
  let next = '';
  const server = createServer((request, response) => {
    if (request.url === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [keys.publicJwk] }));
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ access_token: 'at', token_type: 'Bearer', id_token: next }));
  });
  const keys = {} as { privateKey: CryptoKey; publicJwk: Record<string, unknown>; otherKey: CryptoKey };

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    const other = await generateKeyPair('RS256');
    keys.privateKey = pair.privateKey;
    keys.otherKey = other.privateKey;
    keys.publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const config = (): SocialConfig => ({
    clientId: CLIENT,
    clientSecret: 'secret',
    authorizationEndpoint: `${issuer}/auth`,
    tokenEndpoint: `${issuer}/token`,
    idTokenVerificationConfig: { jwksUri: `${issuer}/jwks`, issuer },
  });
  const claims = (extra: JWTPayload = {}): JWTPayload => ({
    sub: 'upstream-user',
    email: 'ann@example.com',
    email_verified: true,
    nonce: NONCE,
    ...extra,
  });
  const signed = (payload: JWTPayload, key = keys.privateKey, audience = CLIENT, from = issuer) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(from)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  const read = async (token: string) => {
    next = token;
    return socialProfile('oidc', config(), { code: 'c', redirectUri: 'https://app.test/cb', nonce: NONCE });
  };
  const refused = async (token: Promise<string> | string) => {
    const error = await read(await token).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('connector.invalid_response');
  };

  it('names the user of a token that passes every check', async () => {
    const profile = await read(await signed(claims()));
    expect(profile).toMatchObject({ id: 'upstream-user', email: 'ann@example.com', emailVerified: true });
  });

  it('refuses a token signed by another key', () => refused(signed(claims(), keys.otherKey)));

  it('refuses an unsigned token', () =>
    refused(
      new UnsecuredJWT(claims()).setIssuer(issuer).setAudience(CLIENT).setIssuedAt().setExpirationTime('5m').encode(),
    ));

  it('refuses a token for another client', () => refused(signed(claims(), keys.privateKey, 'another-client')));

  it('refuses a token from another issuer', () =>
    refused(signed(claims(), keys.privateKey, CLIENT, 'https://evil.test')));

  it('refuses a token of another sign-in (its nonce)', () => refused(signed(claims({ nonce: 'someone-elses' }))));

  it('refuses an expired token', () =>
    refused(
      new SignJWT(claims())
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(CLIENT)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
        .sign(keys.privateKey),
    ));
});
