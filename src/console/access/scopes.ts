/** Decodes one base64url segment of a JWT to text; `undefined` when it is not valid base64url. */
const decodeSegment = (segment: string): string | undefined => {
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
};

const scopeList = (value: unknown): string[] | undefined =>
  typeof value === 'string' ? value.split(' ').filter(Boolean) : undefined;

/**
 * The management API scopes the caller holds: the `scope` claim of the access token the console sends with every
 * call (the server checks the same claim), else the scopes the token response granted. No token, no scopes.
 */
export const grantedScopes = (accessToken: string | undefined, grantedByResponse?: string): string[] => {
  const payload = accessToken?.split('.')[1];
  if (payload) {
    const text = decodeSegment(payload);
    if (text) {
      try {
        const claims = JSON.parse(text) as { scope?: unknown };
        const scopes = scopeList(claims.scope);
        if (scopes) return scopes;
      } catch {
        // Not a JWT with a JSON payload: fall back to the token response.
      }
    }
  }
  return accessToken ? (scopeList(grantedByResponse) ?? []) : [];
};
