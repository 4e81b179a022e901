import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A protected app's cookies: JSON signed with a key of the app's own (made from its client secret and host), so a
 * cookie of one app is worth nothing at another, and nothing a visitor writes passes. Each carries its expiry.
 */
export const cookieSeal = (secret: string, host: string) => {
  const key = createHash('sha256').update(`gatehouse.protected-app:${host}:${secret}`).digest();
  const mac = (data: string) => createHmac('sha256', key).update(data).digest('base64url');
  return {
    seal: (value: Record<string, unknown>, expiresAt: number) => {
      const data = Buffer.from(JSON.stringify({ ...value, exp: expiresAt })).toString('base64url');
      return `${data}.${mac(data)}`;
    },
    open: <T extends Record<string, unknown>>(cookie: string | undefined, now = Date.now()): T | undefined => {
      const [data, signature] = (cookie ?? '').split('.');
      if (!data || !signature) return undefined;
      const expected = Buffer.from(mac(data));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      try {
        const value = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as T & { exp?: unknown };
        return typeof value.exp === 'number' && value.exp > now ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
};

/** The cookies of a request, by name (the first of a name wins). */
export const cookiesOf = (header: string | undefined) => {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
};
