import sanitizeHtml from 'sanitize-html';
import { contentSecurityPolicy, newCspNonce } from '../http/security-headers.js';
import type { CaptchaWidget } from './captcha/widget.js';
import { sanitizeCss } from './custom-css.js';
import type { PageExperience } from './experience.js';
import { raw, type SafeHtml } from './html.js';
import { httpUrl } from './http-url.js';

/** How the page follows the color scheme: the visitor's preference, or one fixed scheme. */
export type Theme = 'auto' | 'light' | 'dark';

/** The pages a tenant can put custom content on, keyed as Logto keys it (by the page's path). */
export type ContentPage = '/sign-in' | '/register' | '/forgot-password';

/**
 * What a tenant's sign-in experience puts around a page: theme, styles (under this response's nonce), logo,
 * favicon, support links and custom content, and the image origins the page's policy must allow for them.
 */
export interface Chrome {
  nonce: string;
  theme: Theme;
  styles: string;
  logo?: { url: string; darkUrl?: string };
  favicon?: { url: string; darkUrl?: string };
  support: { email?: string; websiteUrl?: string };
  customContent?: SafeHtml;
  imageOrigins: string[];
  /** A preview: forms go nowhere. */
  inert: boolean;
  /** The CAPTCHA widget the page's form carries (sign-in and registration, when the tenant asks for one). */
  captcha?: CaptchaWidget;
}

/** The text color that reads best on a background color: white or near-black (WCAG relative luminance). */
export const textOn = (hex: string) => {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r = 0, g = 0, b = 0] = digits.map((d) => {
    const c = Number.parseInt(d, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#1f1f29';
};

const palette = (color: string) => `--primary:${color};--primary-surface:${color};--primary-text:${textOn(color)};`;

/** The theme's custom properties for the primary colors, then the tenant's own CSS (sanitized). */
const styles = (experience: PageExperience) => {
  const { primary, darkPrimary, darkModeEnabled } = experience.color;
  const dark = darkModeEnabled
    ? `@media (prefers-color-scheme: dark){:root[data-theme="auto"]{${palette(darkPrimary)}}}:root[data-theme="dark"]{${palette(darkPrimary)}}`
    : '';
  const custom = sanitizeCss(experience.customCss);
  return `:root{${palette(primary)}}${dark}${custom ? `\n${custom}` : ''}`;
};

/** A remote image's origin, for the page's policy (a path on the page's own origin needs none: `'self'`). */
const origin = (url: string | undefined) => (url && !url.startsWith('/') ? new URL(url).origin : undefined);

/** Custom content: HTML reduced to text formatting, http(s) and mailto links and http(s) images. */
const sanitizeContent = (content: string, images: Set<string>) =>
  sanitizeHtml(content, {
    allowedTags: [
      'p',
      'div',
      'span',
      'a',
      'strong',
      'em',
      'b',
      'i',
      'u',
      'br',
      'small',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'img',
      'hr',
      'code',
    ],
    allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['class'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
      img: (tagName, attribs) => {
        const src = httpUrl(attribs.src);
        if (src) images.add(new URL(src).origin);
        return { tagName, attribs: src ? { ...attribs, src } : {} };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });

/** The chrome of one response (a fresh nonce each time). */
export const pageChrome = (
  experience: PageExperience,
  options: { page?: ContentPage; mode?: 'light' | 'dark'; inert?: boolean; captcha?: CaptchaWidget } = {},
): Chrome => {
  const { branding, color } = experience;
  const theme: Theme = !color.darkModeEnabled ? 'light' : (options.mode ?? 'auto');
  const images = new Set<string>();
  const content = options.page ? experience.customContent[options.page] : undefined;
  const customContent = content ? sanitizeContent(content, images) : '';
  const logoUrl = branding.logoUrl ?? (color.darkModeEnabled ? branding.darkLogoUrl : undefined);
  const darkLogo = color.darkModeEnabled ? branding.darkLogoUrl : undefined;
  const darkFavicon = color.darkModeEnabled ? branding.darkFavicon : undefined;
  for (const url of [logoUrl, darkLogo, branding.favicon, darkFavicon]) {
    const found = origin(url);
    if (found) images.add(found);
  }
  return {
    nonce: newCspNonce(),
    theme,
    styles: styles(experience),
    ...(logoUrl ? { logo: { url: logoUrl, ...(darkLogo ? { darkUrl: darkLogo } : {}) } } : {}),
    ...(branding.favicon
      ? { favicon: { url: branding.favicon, ...(darkFavicon ? { darkUrl: darkFavicon } : {}) } }
      : {}),
    support: experience.support,
    ...(customContent.trim() ? { customContent: raw(customContent) } : {}),
    imageOrigins: [...images].sort(),
    inert: options.inert === true,
    ...(options.captcha ? { captcha: options.captcha } : {}),
  };
};

/**
 * The Content-Security-Policy of a page with this chrome: its nonce for styles, its image origins; with a CAPTCHA
 * widget, its nonce for scripts too and the provider's origins for scripts, frames and requests (those pages only).
 */
export const chromePolicy = (chrome: Chrome | undefined) =>
  contentSecurityPolicy({
    formsLeaveOrigin: true,
    ...(chrome ? { styleNonce: chrome.nonce, imageSources: chrome.imageOrigins } : {}),
    ...(chrome?.captcha ? { scriptNonce: chrome.nonce, widgetSources: chrome.captcha.sources } : {}),
  });
