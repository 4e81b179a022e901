import type { EntityModel } from '../../../shared/descriptor.js';

/** The server's own logos (light and dark), served below the sign-in pages' assets for every tenant. */
export const DEFAULT_LOGO_PATHS = {
  logoUrl: '/interaction-assets/logo.svg',
  darkLogoUrl: '/interaction-assets/logo-dark.svg',
} as const;

type LogoField = keyof typeof DEFAULT_LOGO_PATHS;
const fields = Object.keys(DEFAULT_LOGO_PATHS) as LogoField[];

/**
 * How a stored record says "the default logo": the schema's default branding, Logto's seed (its own logos on
 * logto.io), which every tenant seeded before the server had logos of its own holds too. Stored as Logto stores it,
 * it means "the server's own logo" wherever the server is reached, however often its public URL changes.
 */
const storedDefaults = (model: EntityModel) => {
  const branding = model.schema.properties?.branding?.default as Partial<Record<LogoField, string>> | undefined;
  return Object.fromEntries(fields.map((field) => [field, branding?.[field]])) as Record<LogoField, string | undefined>;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const mapLogos = (branding: unknown, map: (field: LogoField, url: unknown) => unknown) => {
  if (!isObject(branding)) return branding;
  const mapped = { ...branding };
  for (const field of fields) if (field in mapped) mapped[field] = map(field, mapped[field]);
  return mapped;
};

/** Whether a stored logo URL is the default (the server's own logo) of the sign-in experience's `model`. */
const isDefault = (model: EntityModel, field: LogoField, url: unknown) =>
  url !== undefined && url === storedDefaults(model)[field];

/** A stored logo URL as the sign-in pages show it: the default as the server's own logo, a path on the page's origin. */
export const pageLogoUrl = (model: EntityModel, field: LogoField, url: unknown): unknown =>
  isDefault(model, field, url) ? DEFAULT_LOGO_PATHS[field] : url;

/** Stored branding as callers read it: the default logos as the server's own, at the origin the caller reached. */
export const shownBranding = (model: EntityModel, branding: unknown, origin: string | undefined): unknown =>
  origin
    ? mapLogos(branding, (field, url) => (isDefault(model, field, url) ? `${origin}${DEFAULT_LOGO_PATHS[field]}` : url))
    : branding;

/**
 * Branding as it is stored: the server's own logos at the caller's origin (what a caller read and sends back) are
 * stored as the default, so they follow the server to a new public URL. Any other URL is the administrator's own.
 */
export const storedBranding = (model: EntityModel, branding: unknown, origin: string | undefined): unknown => {
  const defaults = storedDefaults(model);
  return origin
    ? mapLogos(branding, (field, url) =>
        url === `${origin}${DEFAULT_LOGO_PATHS[field]}` && defaults[field] ? defaults[field] : url,
      )
    : branding;
};
