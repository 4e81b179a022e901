/**
 * The provider's own requests to applications (back-channel logout tokens, a client's `jwks_uri`). The library
 * refuses addresses of private and special-use networks (a guard against reaching internal services through a
 * configured URL); `OIDC_PRIVATE_ADDRESSES=allow` lifts it for deployments whose applications live on such a
 * network, and for tests whose applications listen on the loopback address.
 */
export const outboundFetch =
  (env: NodeJS.ProcessEnv = process.env) =>
  (url: string | URL, options: RequestInit & { dispatcher?: unknown }): Promise<Response> => {
    if (env.OIDC_PRIVATE_ADDRESSES !== 'allow') return fetch(url, options);
    const { dispatcher: _guarded, ...unguarded } = options;
    return fetch(url, unguarded);
  };
