import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { SecretVault } from '../../src/server/secrets/vault.js';

describe('the secret vault', () => {
  it('starts with a 32-byte SECRET_VAULT_KEK, without one, and refuses any other', () => {
    expect(readConfig({}).vault).toBeUndefined();
    expect(readConfig({ SECRET_VAULT_KEK: randomBytes(32).toString('base64') }).vault).toBeInstanceOf(SecretVault);
    expect(() => readConfig({ SECRET_VAULT_KEK: randomBytes(16).toString('base64') })).toThrow(/SECRET_VAULT_KEK/);
  });

  it('seals each secret with a fresh data key that only its own vault key opens', () => {
    const vault = new SecretVault(randomBytes(32));
    const one = vault.seal('the access token');
    const two = vault.seal('the access token');
    expect(one.ciphertext).not.toBe(two.ciphertext);
    expect(one.encryptedDek).not.toBe(two.encryptedDek);
    expect(vault.open(one)).toBe('the access token');
    expect(() => new SecretVault(randomBytes(32)).open(one)).toThrow();
    const flipped = Buffer.from(one.ciphertext, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => vault.open({ ...one, ciphertext: flipped.toString('base64') })).toThrow();
  });

  it('tells of a token set only its scope, expiry, type and whether it has a refresh token', () => {
    const vault = new SecretVault(randomBytes(32));
    const now = Date.UTC(2026, 10, 29);
    const { sealed, metadata } = vault.sealTokenSet(
      { access_token: 'at', refresh_token: 'rt', scope: 'openid', token_type: 'Bearer', expires_in: '3600' },
      now,
    );
    expect(metadata).toEqual({
      scope: 'openid',
      tokenType: 'Bearer',
      expiresAt: now / 1000 + 3600,
      hasRefreshToken: true,
    });
    expect(JSON.parse(vault.open(sealed))).toEqual({ access_token: 'at', refresh_token: 'rt' });
  });
});
