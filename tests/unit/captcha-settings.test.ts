import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { captchaEndpoints, DEFAULT_CAPTCHA_ENDPOINTS } from '../../src/server/interaction/captcha/endpoints.js';
import { captchaConfigOf } from '../../src/server/interaction/captcha/provider.js';
import { captchaWidget } from '../../src/server/interaction/captcha/widget.js';

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
