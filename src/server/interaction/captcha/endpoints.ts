/**
 * Where the CAPTCHA providers are reached: the widget scripts browsers load and the verification APIs the server
 * calls. Each can be moved (tests, self-hosted stand-ins, proxies) with an environment variable read in
 * `src/server/config.ts`; unset, the providers' documented addresses.
 */
export interface CaptchaEndpoints {
  /** Cloudflare Turnstile's siteverify (TURNSTILE_VERIFY_URL). */
  turnstileVerifyUrl: string;
  /** Cloudflare Turnstile's widget script (TURNSTILE_SCRIPT_URL). */
  turnstileScriptUrl: string;
  /** reCAPTCHA Enterprise's API base, before `/projects/{projectId}/assessments` (RECAPTCHA_ENTERPRISE_API_URL). */
  recaptchaApiUrl: string;
  /**
   * reCAPTCHA Enterprise's widget script (RECAPTCHA_ENTERPRISE_SCRIPT_URL); unset, `enterprise.js` on the
   * provider's `domain` (www.google.com unless the tenant chose www.recaptcha.net).
   */
  recaptchaScriptUrl?: string | undefined;
  /** How long a verification may take before the attempt is refused as unverifiable (milliseconds). */
  timeoutMs: number;
}

export const DEFAULT_CAPTCHA_ENDPOINTS: CaptchaEndpoints = {
  turnstileVerifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  turnstileScriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
  recaptchaApiUrl: 'https://recaptchaenterprise.googleapis.com/v1',
  timeoutMs: 5000,
};

/** The endpoints with the given ones over the defaults (unset or empty values keep the default). */
export const captchaEndpoints = (given: Partial<CaptchaEndpoints> = {}): CaptchaEndpoints => {
  const chosen = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined && value !== ''));
  return { ...DEFAULT_CAPTCHA_ENDPOINTS, ...chosen };
};
