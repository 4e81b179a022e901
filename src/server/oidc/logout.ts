import type { KoaContextWithOIDC } from 'oidc-provider';
import { confirm } from 'oidc-provider/lib/actions/end_session.js';
import { raw } from '../interaction/html.js';
import { logoutDonePage, logoutPage } from '../interaction/views.js';
import { translatorFor } from '../locales/index.js';

/**
 * The provider's own last step of a confirmed sign-out (`POST /session/end/confirm` after its xsrf check): revokes
 * the grants of the session's applications, ends the session, clears its cookie and redirects to the
 * `post_logout_redirect_uri` (with `state`) or to the "signed out" page.
 */
const endSession = confirm[confirm.length - 1] as (ctx: KoaContextWithOIDC) => Promise<void>;

/**
 * Whether the application asking to end the session is one the signed-in user uses: the request carries an ID
 * token the provider issued (`id_token_hint`, validated with its audience and any `post_logout_redirect_uri` before
 * this runs) for the very account of this session. A link or form from anywhere else cannot have one.
 */
const askedByTheSessionsApplication = (ctx: KoaContextWithOIDC) => {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  return Boolean(accountId && hint?.payload?.sub === accountId);
};

/**
 * RP-initiated logout. When the application's own ID token asks, the session ends at once: one click on "Sign out"
 * in the application, straight back to it, with no page of the provider in between. Any other request (no hint, or
 * a hint for another account) gets the confirmation page.
 */
export const rpInitiatedLogout = (issuer: string) => ({
  enabled: true,
  logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
    if (askedByTheSessionsApplication(ctx)) {
      // As if the confirmation form had been sent with its "Sign out" button (`logout=yes`: end the whole session).
      if (ctx.oidc.params) ctx.oidc.params.logout = 'yes';
      await endSession(ctx);
      return;
    }
    const tr = translatorFor(ctx.get('accept-language'));
    ctx.type = 'html';
    ctx.body = logoutPage(tr, { form: raw(form), host: new URL(issuer).host });
  },
  postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
    const tr = translatorFor(ctx.get('accept-language'));
    ctx.type = 'html';
    ctx.body = logoutDonePage(tr);
  },
});
