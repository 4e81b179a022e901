import type { RequestContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import { ensureItem } from '../crud/ensure.js';
import { ADMIN_CONSOLE_APP_ID } from './urls.js';

interface ClientMetadata {
  redirectUris?: string[];
  postLogoutRedirectUris?: string[];
}

const withUri = (uris: string[] | undefined, uri: string) => {
  const list = uris ?? [];
  return list.includes(uri) ? list : [...list, uri];
};

/**
 * The console's client in the admin tenant, by its fixed id, created through the application's operations (its
 * secret made by the application's hook, its defaults from the schema). An existing one gains the current origin's
 * URIs through an update (the operator may have moved the server), keeping the old ones.
 */
export const ensureConsoleApp = async (applications: EntityOperations, context: RequestContext, origin: string) => {
  const redirectUri = `${origin}/console/callback`;
  const postLogoutRedirectUri = `${origin}/console`;
  const { item, created } = await ensureItem(
    applications,
    context,
    {
      name: 'Admin console',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [postLogoutRedirectUri] },
    },
    { by: ['id'], serverValues: { id: ADMIN_CONSOLE_APP_ID } },
  );
  if (created) return;
  const meta = (item.oidcClientMetadata ?? {}) as ClientMetadata;
  const next = {
    ...meta,
    redirectUris: withUri(meta.redirectUris, redirectUri),
    postLogoutRedirectUris: withUri(meta.postLogoutRedirectUris, postLogoutRedirectUri),
  };
  // `withUri` answers the list itself when it holds the URI already.
  if (next.redirectUris === meta.redirectUris && next.postLogoutRedirectUris === meta.postLogoutRedirectUris) return;
  await applications.update(context, ADMIN_CONSOLE_APP_ID, { oidcClientMetadata: next });
};
