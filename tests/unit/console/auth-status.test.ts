import { describe, expect, it } from 'vitest';
import { isCheckAdminToken, isTrustedOrigin } from '../../../src/console/features/auth-status/messages';

describe('the auth-status page', () => {
  it('answers its own origin, its registrable domain and localhost, and no other site', () => {
    const own = 'https://console.example.com';
    expect(isTrustedOrigin(own, own)).toBe(true);
    expect(isTrustedOrigin('https://docs.example.com', own)).toBe(true);
    expect(isTrustedOrigin('http://localhost:5173', 'http://127.0.0.1:3001')).toBe(true);
    expect(isTrustedOrigin('https://example.org', own)).toBe(false);
    expect(isTrustedOrigin('https://example.com.evil.test', own)).toBe(false);
    expect(isTrustedOrigin('http://localhost:5173', own)).toBe(false);
    expect(isTrustedOrigin('null', own)).toBe(false);
  });

  it('takes only CheckAdminToken messages', () => {
    expect(isCheckAdminToken({ type: 'CheckAdminToken', requestId: 'r1' })).toBe(true);
    expect(isCheckAdminToken({ type: 'Other' })).toBe(false);
    expect(isCheckAdminToken('CheckAdminToken')).toBe(false);
    expect(isCheckAdminToken(null)).toBe(false);
  });
});
