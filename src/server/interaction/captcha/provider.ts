import type { Queryable } from '../../db/database.js';

/** A tenant's CAPTCHA provider, as stored by `PUT /api/captcha-provider` (Logto's shape). */
export type CaptchaConfig =
  | { type: 'Turnstile'; siteKey: string; secretKey: string }
  | {
      type: 'RecaptchaEnterprise';
      siteKey: string;
      secretKey: string;
      projectId: string;
      domain?: string | undefined;
      mode?: 'invisible' | 'checkbox' | undefined;
    };

/**
 * What a tenant's sign-in pages must do about CAPTCHA: nothing (undefined) when its `captchaPolicy` is off;
 * otherwise ask its provider, or refuse every attempt when the policy is on without a provider (as Logto does).
 */
export interface TenantCaptcha {
  provider: CaptchaConfig | undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The stored configuration when it has the fields its type needs (the API validated it on write). */
export const captchaConfigOf = (stored: unknown): CaptchaConfig | undefined => {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const given = stored as Record<string, unknown>;
  const siteKey = text(given.siteKey);
  const secretKey = text(given.secretKey);
  if (!siteKey || !secretKey) return undefined;
  if (given.type === 'Turnstile') return { type: 'Turnstile', siteKey, secretKey };
  const projectId = text(given.projectId);
  if (given.type !== 'RecaptchaEnterprise' || !projectId) return undefined;
  return {
    type: 'RecaptchaEnterprise',
    siteKey,
    secretKey,
    projectId,
    domain: text(given.domain),
    mode: given.mode === 'checkbox' ? 'checkbox' : 'invisible',
  };
};

/** Whether the stored `captchaPolicy` asks for a CAPTCHA. */
export const captchaEnabled = (policy: unknown) =>
  typeof policy === 'object' && policy !== null && (policy as { enabled?: unknown }).enabled === true;

/** The tenant's CAPTCHA, read inside a transaction of the tenant (one indexed row, only when the policy is on). */
export const readTenantCaptcha = async (
  tx: Queryable,
  tenantId: string,
  policy: unknown,
): Promise<TenantCaptcha | undefined> => {
  if (!captchaEnabled(policy)) return undefined;
  const { rows } = await tx.query<{ config: unknown }>(
    `SELECT config FROM captcha_providers WHERE tenant_id = $1 AND id = 'default'`,
    [tenantId],
  );
  return { provider: captchaConfigOf(rows[0]?.config) };
};
