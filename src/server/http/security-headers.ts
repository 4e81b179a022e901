import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of every response. Scripts and styles only from this origin, nothing inline and no
 * eval (form validators are precompiled). The console's HTML shell adds a per-response nonce to `style-src`: the
 * component library writes its theme into style elements at run time, and the console stamps each one with the
 * nonce it finds in the shell. Style attributes set through the DOM's style object are not governed by the policy.
 * The sign-in pages with a CAPTCHA widget alone add a script nonce and the provider's origins (`widgetSources`).
 */
export const contentSecurityPolicy = ({
  styleNonce,
  scriptNonce,
  widgetSources = [],
  formsLeaveOrigin = false,
  imageSources = [],
  framedBySameOrigin = false,
}: {
  styleNonce?: string;
  /** A nonce for the page's own script elements (the sign-in pages with a CAPTCHA widget). */
  scriptNonce?: string;
  /** Origins a third-party widget (a CAPTCHA) loads scripts and frames from and sends requests to. */
  widgetSources?: string[];
  /** Origins images may come from besides this one and `data:` (a tenant's logo and favicon). */
  imageSources?: string[];
  /**
   * For the sign-in pages: their forms end in a redirect to the application, often on another origin, and browsers
   * apply `form-action` to every redirect after a submission, so these pages leave `form-action` unrestricted.
   */
  formsLeaveOrigin?: boolean;
  /** Pages of this origin may frame the page (the console's auth-status page); else no page may. */
  framedBySameOrigin?: boolean;
} = {}) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...(scriptNonce ? [`'nonce-${scriptNonce}'`] : []), ...widgetSources].join(' '),
    styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'",
    ["img-src 'self' data:", ...imageSources].join(' '),
    "font-src 'self' data:",
    ...(widgetSources.length ? [["frame-src 'self'", ...widgetSources].join(' ')] : []),
    ["connect-src 'self'", ...widgetSources].join(' '),
    "object-src 'none'",
    framedBySameOrigin ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    "base-uri 'self'",
    ...(formsLeaveOrigin ? [] : ["form-action 'self'"]),
  ].join('; ');

/** The policy of the sign-in, consent, sign-out and error pages of the OpenID providers. */
export const SIGN_IN_PAGE_POLICY = contentSecurityPolicy({ formsLeaveOrigin: true });

/** A fresh nonce for one response (128 bits, base64 as CSP expects). */
export const newCspNonce = () => randomBytes(16).toString('base64');

/** Sends a policy with this nonce instead of the default one. */
export const sendStyleNoncePolicy = (reply: FastifyReply, nonce: string, framedBySameOrigin = false) => {
  reply.header('Content-Security-Policy', contentSecurityPolicy({ styleNonce: nonce, framedBySameOrigin }));
  if (framedBySameOrigin) reply.header('X-Frame-Options', 'SAMEORIGIN');
};

/** The hardening headers every response carries next to its Content-Security-Policy. */
export const HARDENING_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The policy and the hardening headers (unless a route set its own) on every response Fastify sends. */
export const registerSecurityHeaders = (app: FastifyInstance) => {
  const policy = contentSecurityPolicy();
  // A callback hook: nothing here waits, so no promise per response.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', policy);
    for (const [name, value] of Object.entries(HARDENING_HEADERS))
      if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
};
