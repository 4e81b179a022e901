import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair (S256), as an OIDC client makes one for its authorization request. */
export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
