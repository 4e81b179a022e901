/**
 * One-time tokens through a client typed by Logto's Management API: made by the server for an email address,
 * listed with Logto's filters, verified once (two verifications racing: one wins), revoked, expired, deleted.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { expectShape, type Json, type Shape } from './logto-contract-shapes.js';

type OneTimeToken = Json<'/api/one-time-tokens/{id}', 'get', 200>;
const tokenShape: Shape<OneTimeToken> = {
  tenantId: ['string'],
  id: ['string'],
  email: ['string'],
  token: ['string'],
  context: ['object'],
  status: ['string'],
  createdAt: ['number'],
  expiresAt: ['number'],
};

describe.each(databases())('one-time tokens on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const issue = async (email: string, extra: { expiresIn?: number; context?: OneTimeToken['context'] } = {}) => {
    const created = await client.POST('/api/one-time-tokens', { body: { email, ...extra } });
    expect(created.response.status).toBe(201);
    return created.data as OneTimeToken;
  };

  it('creates a token that lasts ten minutes by default, or as long as asked, and lists it with filters', async () => {
    const before = Date.now();
    const first = await issue('ada@example.com', { context: { jitOrganizationIds: ['org-1'] } });
    expectShape(first, tokenShape, 'AddOneTimeTokens');
    expect(first).toMatchObject({
      email: 'ada@example.com',
      status: 'active',
      context: { jitOrganizationIds: ['org-1'] },
    });
    expect(first.token).toMatch(/^[a-z0-9]{32}$/);
    expect(first.expiresAt - before).toBeGreaterThanOrEqual(600_000);
    expect(first.expiresAt - Date.now()).toBeLessThanOrEqual(600_000);
    const short = await issue('grace@example.com', { expiresIn: 60, context: { interactionEvent: 'ForgotPassword' } });
    expect(short.expiresAt - short.createdAt).toBeGreaterThanOrEqual(59_000);
    expect(short.expiresAt - short.createdAt).toBeLessThanOrEqual(61_000);

    const all = await client.GET('/api/one-time-tokens', { params: { query: { page: 1, page_size: 10 } } });
    expect(all.response.status).toBe(200);
    expect(all.response.headers.get('total-number')).toBe('2');
    expect(all.data?.map((token) => token.id)).toEqual([short.id, first.id]);
    const ada = await client.GET('/api/one-time-tokens', { params: { query: { email: 'ada@example.com' } } });
    expect(ada.data?.map((token) => token.id)).toEqual([first.id]);
    const got = await client.GET('/api/one-time-tokens/{id}', { params: { path: { id: first.id } } });
    expectShape(got.data, tokenShape, 'GetOneTimeToken');
    expect(got.data).toEqual(first);
  });

  it('refuses what Logto refuses: no email, an expiry under a second, unknown fields', async () => {
    for (const body of [{}, { email: 'a@example.com', expiresIn: 0 }, { email: 'a@example.com', token: 'mine' }]) {
      const refused = await client.POST('/api/one-time-tokens', { body: body as never });
      expect(refused.response.status).toBe(400);
    }
    expect(await api.count('one_time_tokens')).toBe(0);
  });

  it('verifies a token once for its email: a second time, another email or a wrong token is refused', async () => {
    const { id, token } = await issue('ada@example.com');
    const wrongEmail = await client.POST('/api/one-time-tokens/verify', { body: { token, email: 'eve@example.com' } });
    expect(wrongEmail.response.status).toBe(400);
    expect(wrongEmail.error).toMatchObject({ code: 'one_time_token.email_mismatch' });
    const unknown = await client.POST('/api/one-time-tokens/verify', {
      body: { token: 'nope', email: 'ada@example.com' },
    });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'one_time_token.token_not_found' });

    const verified = await client.POST('/api/one-time-tokens/verify', { body: { token, email: 'ada@example.com' } });
    expect(verified.response.status).toBe(200);
    expectShape(verified.data, tokenShape, 'VerifyOneTimeToken');
    expect(verified.data).toMatchObject({ id, status: 'consumed' });
    const again = await client.POST('/api/one-time-tokens/verify', { body: { token, email: 'ada@example.com' } });
    expect(again.response.status).toBe(400);
    expect(again.error).toMatchObject({ code: 'one_time_token.token_consumed' });
    const consumed = await client.GET('/api/one-time-tokens', { params: { query: { status: 'consumed' } } });
    expect(consumed.data?.map((item) => item.id)).toEqual([id]);
  });

  it('lets one of two verifications racing for a token succeed, and the other read it consumed', async () => {
    const { token } = await issue('ada@example.com');
    const verify = () => client.POST('/api/one-time-tokens/verify', { body: { token, email: 'ada@example.com' } });
    const answers = await Promise.all([verify(), verify(), verify()]);
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 400, 400]);
    for (const answer of answers.filter((each) => each.response.status === 400)) {
      expect(answer.error).toMatchObject({ code: 'one_time_token.token_consumed' });
    }
  });

  it('reads a token past its expiry as expired, and refuses to verify it', async () => {
    const { id, token } = await issue('ada@example.com');
    await api.db.query(`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const got = await client.GET('/api/one-time-tokens/{id}', { params: { path: { id } } });
    expect(got.data?.status).toBe('expired');
    const refused = await client.POST('/api/one-time-tokens/verify', { body: { token, email: 'ada@example.com' } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'one_time_token.token_expired' });
    // A new token for the same email marks the stale one expired where it is stored (Logto's status filter reads it).
    await issue('ada@example.com');
    const expired = await client.GET('/api/one-time-tokens', { params: { query: { status: 'expired' } } });
    expect(expired.data?.map((item) => item.id)).toEqual([id]);
  });

  it('revokes a token by its status, never makes it active again, and deletes it', async () => {
    const { id, token } = await issue('ada@example.com');
    const reactivate = await client.PUT('/api/one-time-tokens/{id}/status', {
      params: { path: { id } },
      body: { status: 'active' },
    });
    expect(reactivate.response.status).toBe(400);
    expect(reactivate.error).toMatchObject({ code: 'one_time_token.cannot_reactivate_token' });
    const revoked = await client.PUT('/api/one-time-tokens/{id}/status', {
      params: { path: { id } },
      body: { status: 'revoked' },
    });
    expect(revoked.response.status).toBe(200);
    expectShape(revoked.data, tokenShape, 'ReplaceOneTimeTokenStatus');
    expect(revoked.data?.status).toBe('revoked');
    const refused = await client.POST('/api/one-time-tokens/verify', { body: { token, email: 'ada@example.com' } });
    expect(refused.error).toMatchObject({ code: 'one_time_token.token_revoked' });

    const missing = await client.PUT('/api/one-time-tokens/{id}/status', {
      params: { path: { id: 'missing' } },
      body: { status: 'revoked' },
    });
    expect(missing.response.status).toBe(404);
    const deleted = await client.DELETE('/api/one-time-tokens/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/api/one-time-tokens/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'entity.not_exists_with_id' });
  });
});
