/**
 * A CTAP2 platform authenticator inside Chromium (the DevTools Protocol's WebAuthn domain): it answers
 * `navigator.credentials.create` and `get` on the page without any dialog, with a resident key and user
 * verification, so the passkey pages can be driven like any form.
 */
import type { CDPSession, Page } from 'playwright-core';

/** A credential the authenticator holds, as the protocol reports it (ids and keys in standard base64). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  authenticatorId: string;
  session: CDPSession;
  /** The credentials it holds now. */
  credentials: () => Promise<VirtualCredential[]>;
  /** Whether the next ceremonies pass user verification (false: the browser answers NotAllowedError). */
  setUserVerified: (verified: boolean) => Promise<void>;
  remove: () => Promise<void>;
}

export interface VirtualAuthenticatorOptions {
  hasResidentKey?: boolean;
  hasUserVerification?: boolean;
  isUserVerified?: boolean;
  automaticPresenceSimulation?: boolean;
}

/** Adds a virtual authenticator to the page's browser context (one CDP session of the page). */
export const addVirtualAuthenticator = async (
  page: Page,
  options: VirtualAuthenticatorOptions = {},
): Promise<VirtualAuthenticator> => {
  const session = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      ...options,
    },
  });
  return {
    authenticatorId,
    session,
    credentials: async () =>
      (await session.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[],
    setUserVerified: async (verified) => {
      await session.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
    remove: async () => {
      await session.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await session.detach();
    },
  };
};

/** A credential id as the protocol reports it (base64) in the base64url the server stores. */
export const base64url = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
