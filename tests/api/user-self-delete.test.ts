import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createTokenVerifier } from '../../src/server/auth/token-verifier.js';
import { databases } from './harness.js';

/**
 * A person calling the management API with their own access token (Logto's `ctx.auth.id`) cannot delete their own
 * account there (Logto's 400 `user.cannot_delete_self`); deleting anyone else goes on as usual.
 */
const issuer = 'https://issuer.test/default';
const audience = 'https://default.gatehouse.internal/api';

describe.each(databases())('deleting oneself on $name', (target) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let tokenOf: (subject: string) => Promise<string>;

  beforeAll(async () => {
    const opened = await target.open();
    dispose = opened.dispose;
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256', use: 'sig' };
    const verifier = createTokenVerifier({
      trustedIssuers: async (tenantId) => [{ tenantId, issuer, jwks: async () => ({ keys: [jwk] }) }],
      audience: () => audience,
    });
    app = await buildApp({ db: opened.db, verifier });
    tokenOf = (subject) =>
      new SignJWT({ scope: 'all', client_id: 'admin-console' })
        .setProtectedHeader({ alg: 'RS256', kid: 'test' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('refuses a user deleting their own account (400) and keeps it; deletes another user (204)', async () => {
    const create = async (username: string) => {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { authorization: `Bearer ${await tokenOf('someone')}` },
        payload: { username },
      });
      expect(reply.statusCode).toBe(200);
      return reply.json().id as string;
    };
    const [me, other] = [await create('me'), await create('other')];
    const asMe = { authorization: `Bearer ${await tokenOf(me)}` };
    const refused = await app.inject({ method: 'DELETE', url: `/api/users/${me}`, headers: asMe });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'user.cannot_delete_self' });
    expect((await app.inject({ method: 'GET', url: `/api/users/${me}`, headers: asMe })).statusCode).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/users/${other}`, headers: asMe });
    expect(deleted.statusCode).toBe(204);
  });
});
