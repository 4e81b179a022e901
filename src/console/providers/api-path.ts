import type { MetaQuery } from '@refinedev/core';

/**
 * Builds the API path of a resource. `meta.apiPath` overrides the registry path (used for relation lists such as
 * `/roles/{id}/scopes`); placeholders are filled from `meta.params` and `meta.parent` (e.g. `{ resourceId }`).
 */
export const resolveApiPath = (template: string, meta?: MetaQuery): string => {
  const apiPath = typeof meta?.apiPath === 'string' ? meta.apiPath : template;
  const values: Record<string, unknown> = { ...(meta?.parent ?? {}), ...(meta?.params ?? {}) };
  return apiPath.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${apiPath}`);
    }
    return encodeURIComponent(String(value));
  });
};

export const joinId = (path: string, id: string | number): string => `${path}/${encodeURIComponent(String(id))}`;
