import type { IdTokenClaims, User } from 'oidc-client-ts';
import type { AccountUser, ConsoleCustomData } from './account-api';

/** Who is signed in, as the console shows it (top bar, profile). */
export interface Identity {
  id: string;
  /** The best name to show: name, else username, else email, else the id. */
  displayName: string;
  name: string | null;
  username: string | null;
  email: string | null;
  avatar: string | null;
  customData: ConsoleCustomData;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The identity from the user's account (`GET me`) when it could be read, else from the ID token's claims (spec:
 * identity falls back to the ID token).
 */
export const identityOf = (
  account: AccountUser | null | undefined,
  claims: IdTokenClaims | User['profile'] | null | undefined,
): Identity | null => {
  const id = text(account?.id) ?? text(claims?.sub);
  if (!id) return null;
  const name = account ? text(account.name) : text(claims?.name);
  const username = account ? text(account.username) : text((claims as { username?: unknown } | null)?.username);
  const email = account ? text(account.primaryEmail) : text(claims?.email);
  const avatar = account ? text(account.avatar) : text(claims?.picture);
  const customData =
    (account?.customData as ConsoleCustomData | undefined) ??
    ((claims as { custom_data?: ConsoleCustomData } | null)?.custom_data as ConsoleCustomData | undefined) ??
    {};
  return { id, displayName: name ?? username ?? email ?? id, name, username, email, avatar, customData };
};
