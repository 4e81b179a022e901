import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { captchaEndpoints, DEFAULT_CAPTCHA_ENDPOINTS } from '../../src/server/interaction/captcha/endpoints.js';
import { captchaConfigOf } from '../../src/server/interaction/captcha/provider.js';
import { verifyCaptchaToken } from '../../src/server/interaction/captcha/verify.js';
import { captchaWidget } from '../../src/server/interaction/captcha/widget.js';
import { startCaptchaServer } from '../api/captcha-server.js';

const recaptcha = {
  type: 'RecaptchaEnterprise',
  siteKey: 'site',
  secretKey: 'secret',
  projectId: 'project',
} as const;

describe('CAPTCHA providers: where they are and what a page loads', () => {
  it('reads the providers’ URLs from the environment, refusing what is not http(s)', () => {
    const env = {
      TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9000/siteverify',
      TURNSTILE_SCRIPT_URL: 'http://127.0.0.1:9000/api.js',
      RECAPTCHA_ENTERPRISE_API_URL: 'http://127.0.0.1:9000/v1',
      RECAPTCHA_ENTERPRISE_SCRIPT_URL: 'http://127.0.0.1:9000/enterprise.js',
    };
    expect(readConfig(env).captcha).toEqual({
      turnstileVerifyUrl: 'http://127.0.0.1:9000/siteverify',
      turnstileScriptUrl: 'http://127.0.0.1:9000/api.js',
      recaptchaApiUrl: 'http://127.0.0.1:9000/v1',
      recaptchaScriptUrl: 'http://127.0.0.1:9000/enterprise.js',
    });
    expect(captchaEndpoints(readConfig({}).captcha)).toEqual(DEFAULT_CAPTCHA_ENDPOINTS);
    expect(() => readConfig({ TURNSTILE_VERIFY_URL: 'javascript:alert(1)' })).toThrow(
      /TURNSTILE_VERIFY_URL must be an http\(s\) URL/,
    );
  });

  it('loads Turnstile from Cloudflare and reCAPTCHA from Google by default, allowing those origins only', () => {
    const turnstile = captchaWidget({ type: 'Turnstile', siteKey: 'site', secretKey: 'secret' }, captchaEndpoints());
    expect(turnstile.scriptUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js');
    expect(turnstile.sources).toEqual(['https://challenges.cloudflare.com']);
    const google = captchaWidget(recaptcha, captchaEndpoints());
    expect(google.scriptUrl).toBe('https://www.google.com/recaptcha/enterprise.js?render=site');
    expect(google.sources).toEqual(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
    const net = captchaWidget({ ...recaptcha, domain: 'www.recaptcha.net', mode: 'checkbox' }, captchaEndpoints());
    expect(net.scriptUrl).toBe('https://www.recaptcha.net/recaptcha/enterprise.js');
    // A domain that is not a host name cannot smuggle another origin into the page.
    const odd = captchaWidget({ ...recaptcha, domain: 'evil.example/x?' }, captchaEndpoints());
    expect(odd.scriptUrl).toBe('https://www.google.com/recaptcha/enterprise.js?render=site');
    expect(JSON.stringify([turnstile, google, net, odd])).not.toContain('secret');
  });

  it('takes a stored provider only with the fields its type needs', () => {
    expect(captchaConfigOf({ type: 'Turnstile', siteKey: 'a', secretKey: 'b' })).toEqual({
      type: 'Turnstile',
      siteKey: 'a',
      secretKey: 'b',
    });
    expect(captchaConfigOf({ ...recaptcha, projectId: '' })).toBeUndefined();
    expect(captchaConfigOf({ type: 'Other', siteKey: 'a', secretKey: 'b' })).toBeUndefined();
    expect(captchaConfigOf(null)).toBeUndefined();
  });
});

describe('CAPTCHA verification', () => {
  let captcha: Awaited<ReturnType<typeof startCaptchaServer>>;
  beforeAll(async () => {
    captcha = await startCaptchaServer({ secret: 'secret', token: 'token' });
  });
  afterAll(() => captcha?.close());

  it('passes, refuses, or calls the provider unavailable when it answers outside its protocol', async () => {
    const endpoints = captchaEndpoints({ ...captcha.endpoints, timeoutMs: 2000 });
    const config = { type: 'Turnstile', siteKey: 'site', secretKey: 'secret' } as const;
    expect((await verifyCaptchaToken(config, 'token', { endpoints })).outcome).toBe('passed');
    expect(await verifyCaptchaToken(config, 'other', { endpoints })).toEqual({
      outcome: 'refused',
      detail: 'invalid-input-response',
    });
    const elsewhere = { ...endpoints, turnstileVerifyUrl: `${captcha.origin}/not-siteverify` };
    expect(await verifyCaptchaToken(config, 'token', { endpoints: elsewhere })).toEqual({
      outcome: 'unavailable',
      detail: 'Failed to get the result from Cloudflare Turnstile: answered 404',
    });
    const reCaptcha = { ...recaptcha, secretKey: 'secret', mode: 'invisible' } as const;
    const broken = { ...endpoints, recaptchaApiUrl: `${captcha.origin}/turnstile/v0/api.js?` };
    const verdict = await verifyCaptchaToken(reCaptcha, 'token', { endpoints: broken });
    expect(verdict.outcome).toBe('unavailable');
    expect(verdict.detail).not.toContain('secret');
  });
});
