/**
 * The Experience API's MFA step: a sign-in asked for a second factor where the tenant's policy does (a TOTP code
 * taken once), an account without a factor refused where MFA is mandatory, and the optional prompt skipped.
 */
import { describe, expect, it } from 'vitest';
import { currentTotpCode, generateTotpSecret } from '../../src/entities/user/server/account/totp.js';
import { experienceSteps } from './experience-api-steps.js';
import { databases, unique } from './harness.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { createUser } from './users.js';

describe.each(databases())('MFA in the Experience API on $name', (target) => {
  const pages = useSignInPages(target);
  const { backAtApp, identified } = experienceSteps(pages);

  it('asks a second factor where the policy does, and lets a verified TOTP code through once', async () => {
    await pages.patch('', { mfa: { factors: ['Totp'], policy: 'Mandatory' } });
    const username = unique('totp');
    const user = await createUser(pages.db(), 'default', { username, password: PASSWORD });
    const secret = generateTotpSecret();
    const bound = await pages.api('', 'POST', `/users/${user.id}/mfa-verifications`, { type: 'Totp', secret });
    expect(bound.status, bound.text).toBe(200);

    const { browser, api } = await identified(username);
    const asked = await api('POST', '/submit');
    expect([asked.status, asked.json().code]).toEqual([403, 'session.mfa.require_mfa_verification']);
    expect(asked.json().data).toEqual({ availableFactors: ['Totp'] });
    const code = currentTotpCode(secret);
    const wrong = await api('POST', '/verification/totp/verify', { code: code === '000000' ? '111111' : '000000' });
    expect([wrong.status, wrong.json().code]).toEqual([400, 'session.mfa.invalid_totp_code']);
    expect((await api('POST', '/verification/totp/verify', { code })).status).toBe(200);
    const submitted = await api('POST', '/submit');
    expect(submitted.status, submitted.text).toBe(200);
    expect(await backAtApp(browser, submitted.json().redirectTo)).toBeTruthy();

    // The same code does not verify a second interaction.
    const replay = await identified(username);
    const again = await replay.api('POST', '/verification/totp/verify', { code });
    expect([again.status, again.json().code]).toEqual([400, 'session.mfa.invalid_totp_code']);
  });

  it('refuses an account without a factor where MFA is mandatory, and lets the optional prompt be skipped', async () => {
    await pages.patch('', { mfa: { factors: ['Totp'], policy: 'Mandatory' } });
    const username = unique('nofactor');
    await createUser(pages.db(), 'default', { username, password: PASSWORD });
    const mandatory = await identified(username);
    const refused = await mandatory.api('POST', '/submit');
    expect([refused.status, refused.json().code]).toEqual([422, 'user.missing_mfa']);
    expect(refused.json().data).toEqual({ availableFactors: ['Totp'], skippable: false });

    await pages.patch('', { mfa: { factors: ['Totp'], policy: 'PromptAtSignInAndSignUp' } });
    const { browser, api } = await identified(username);
    const prompted = await api('POST', '/submit');
    expect(prompted.json()).toMatchObject({ code: 'user.missing_mfa', data: { skippable: true } });
    expect((await api('POST', '/profile/mfa/mfa-skipped')).status).toBe(204);
    const submitted = await api('POST', '/submit');
    expect(submitted.status, submitted.text).toBe(200);
    expect(await backAtApp(browser, submitted.json().redirectTo)).toBeTruthy();
  });

  it('binds an authenticator app a code proved, stored on the account when the sign-in ends', async () => {
    await pages.patch('', { mfa: { factors: ['Totp'], policy: 'Mandatory' } });
    const username = unique('binds');
    const user = await createUser(pages.db(), 'default', { username, password: PASSWORD });
    const { browser, api } = await identified(username);
    const created = await api('POST', '/verification/totp/secret');
    expect(created.status, created.text).toBe(200);
    const { verificationId, secret, secretQrCode } = created.json() as Record<string, string>;
    expect(secretQrCode).toMatch(/^data:image\/png;base64,/);
    const unproved = await api('POST', '/profile/mfa', { type: 'Totp', verificationId });
    expect([unproved.status, unproved.json().code]).toEqual([400, 'session.verification_failed']);
    const code = currentTotpCode(secret as string);
    const wrong = await api('POST', '/verification/totp/verify', {
      verificationId,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().code).toBe('session.mfa.invalid_totp_code');
    expect((await api('POST', '/verification/totp/verify', { verificationId, code })).status).toBe(200);
    expect((await api('POST', '/profile/mfa', { type: 'Totp', verificationId })).status).toBe(204);
    const submitted = await api('POST', '/submit');
    expect(submitted.status, submitted.text).toBe(200);
    expect(await backAtApp(browser, submitted.json().redirectTo)).toBeTruthy();

    const factors = await pages.api('', 'GET', `/users/${user.id}/mfa-verifications`);
    expect(factors.json().map((factor: { type: string }) => factor.type)).toEqual(['Totp']);
    // The next sign-in verifies the app it bound.
    const next = await identified(username);
    expect((await next.api('POST', '/submit')).json().code).toBe('session.mfa.require_mfa_verification');
  });
});
