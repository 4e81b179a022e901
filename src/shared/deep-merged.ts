/** Whether a value is a JSON object (not null, not an array). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `base` with `over`'s values over it, objects merged key by key and anything else replaced: an organization's
 * branding over the sign-in experience, a tenant's custom phrases over the built-in texts.
 */
export const deepMerged = <T extends Record<string, unknown>>(base: T, over: Record<string, unknown>): T =>
  Object.fromEntries(
    [...new Set([...Object.keys(base), ...Object.keys(over)])].map((key) => {
      const [from, to] = [base[key], over[key]];
      if (to === undefined) return [key, from];
      return [key, isPlainObject(from) && isPlainObject(to) ? deepMerged(from, to) : to];
    }),
  ) as T;
