import type { CaptchaEndpoints } from './endpoints.js';
import type { CaptchaConfig } from './provider.js';
import { RECAPTCHA_ACTION } from './widget.js';

/** Logto's reCAPTCHA Enterprise threshold: an invisible token passes from this score (a checkbox only needs to be valid). */
export const RECAPTCHA_MIN_SCORE = 0.5;

/**
 * A provider's verdict on a token: passed, refused by the provider, or not given at all because the provider
 * could not be asked (unreachable, too slow, an error status or an answer that is not its protocol's).
 * `detail` is for the audit log: the provider's error codes or score, never a key.
 */
export type CaptchaVerdict =
  | { outcome: 'passed'; detail: string }
  | { outcome: 'refused'; detail: string }
  | { outcome: 'unavailable'; detail: string };

const providerNames = { Turnstile: 'Cloudflare Turnstile', RecaptchaEnterprise: 'Google reCAPTCHA Enterprise' };

const post = async (url: string, init: RequestInit, timeoutMs: number): Promise<unknown> => {
  const response = await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return response.json();
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Turnstile's siteverify: `secret`, `response` and `remoteip` as a form; `{ success, "error-codes" }` back. */
const turnstile = async (
  config: Extract<CaptchaConfig, { type: 'Turnstile' }>,
  token: string,
  remoteIp: string | undefined,
  endpoints: CaptchaEndpoints,
): Promise<CaptchaVerdict> => {
  const body = new URLSearchParams({
    secret: config.secretKey,
    response: token,
    ...(remoteIp ? { remoteip: remoteIp } : {}),
  });
  const answer = await post(endpoints.turnstileVerifyUrl, { body }, endpoints.timeoutMs);
  if (!isObject(answer) || typeof answer.success !== 'boolean') throw new Error('answered outside its protocol');
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String).join(', ') : '';
  return answer.success ? { outcome: 'passed', detail: 'success' } : { outcome: 'refused', detail: codes || 'refused' };
};

/**
 * reCAPTCHA Enterprise's assessment: `POST {api}/projects/{projectId}/assessments?key={API key}` with the token,
 * the site key and Logto's action; a valid token passes when its score reaches the threshold (checkbox: when valid).
 */
const recaptchaEnterprise = async (
  config: Extract<CaptchaConfig, { type: 'RecaptchaEnterprise' }>,
  token: string,
  endpoints: CaptchaEndpoints,
): Promise<CaptchaVerdict> => {
  const base = endpoints.recaptchaApiUrl.replace(/\/+$/, '');
  const url = `${base}/projects/${encodeURIComponent(config.projectId)}/assessments?key=${encodeURIComponent(config.secretKey)}`;
  const body = JSON.stringify({ event: { token, siteKey: config.siteKey, expectedAction: RECAPTCHA_ACTION } });
  const answer = await post(url, { body, headers: { 'Content-Type': 'application/json' } }, endpoints.timeoutMs);
  const valid = isObject(answer) && isObject(answer.tokenProperties) ? answer.tokenProperties.valid : undefined;
  const score = isObject(answer) && isObject(answer.riskAnalysis) ? answer.riskAnalysis.score : undefined;
  if (typeof valid !== 'boolean' || typeof score !== 'number') throw new Error('answered outside its protocol');
  const passed = config.mode === 'checkbox' ? valid : valid && score >= RECAPTCHA_MIN_SCORE;
  const detail = `valid: ${valid}, score: ${score}`;
  return passed ? { outcome: 'passed', detail } : { outcome: 'refused', detail };
};

/**
 * Asks the tenant's provider about a token, through the provider's documented verification call. Never throws:
 * whatever keeps the provider from answering in time is `unavailable`, which the pages refuse (fail closed).
 */
export const verifyCaptchaToken = async (
  config: CaptchaConfig,
  token: string,
  { endpoints, remoteIp }: { endpoints: CaptchaEndpoints; remoteIp?: string | undefined },
): Promise<CaptchaVerdict> => {
  try {
    return config.type === 'Turnstile'
      ? await turnstile(config, token, remoteIp, endpoints)
      : await recaptchaEnterprise(config, token, endpoints);
  } catch (error) {
    // The error's name and message only: a fetch failure names no URL, so the API key in the query stays here.
    const message = error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : 'failed';
    // Should a message ever quote the request's URL, the key in its query is not repeated.
    const reason = message.replaceAll(config.secretKey, 'REDACTED');
    return { outcome: 'unavailable', detail: `Failed to get the result from ${providerNames[config.type]}: ${reason}` };
  }
};
