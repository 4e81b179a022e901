/**
 * Passkeys on the MFA pages, for the tests: the options a passkey page hands the browser, and a software
 * authenticator answering them as a browser on the sign-in pages' origin would.
 */
import { expect } from 'vitest';
import { softwareAuthenticator } from '../unit/software-authenticator.js';
import type { Browser } from './oidc-helpers.js';
import type { mfaSteps } from './sign-in-mfa-steps.js';

type Steps = ReturnType<typeof mfaSteps>;
type Page = { text: string; status?: number };

export const passkeySteps = (mfa: Steps, origin: () => string) => {
  /** An authenticator of the sign-in pages' relying party (their host name). */
  const newAuthenticator = () => softwareAuthenticator(new URL(origin()).hostname);

  /** What the page's `#webauthn-options` data block holds. */
  const optionsOf = (text: string) => {
    const json = text.match(/<script type="application\/json" id="webauthn-options">(.*?)<\/script>/s)?.[1];
    expect(json, 'no passkey options on the page').toBeDefined();
    return JSON.parse(json as string) as { challenge: string; allowCredentials?: { id: string }[] };
  };

  type Authenticator = ReturnType<typeof newAuthenticator>;

  /** Creates a passkey on the bind page and posts it: answers the answer. */
  const bind = (browser: Browser, page: Page, authenticator: Authenticator) => {
    expect(page.text).toContain('Add a passkey');
    const { challenge } = optionsOf(page.text);
    const response = authenticator.register({ challenge, origin: origin() });
    return browser.post(mfa.action(page.text, '/mfa/webauthn/bind'), { response: JSON.stringify(response) });
  };

  /** Signs the verify page's challenge (or `challenge`) and posts the assertion: answers it and what was posted. */
  const verify = async (
    browser: Browser,
    page: Page,
    authenticator: Authenticator,
    options: { challenge?: string; counter?: number; response?: string } = {},
  ) => {
    expect(page.text).toContain('Verify with your passkey');
    const challenge = options.challenge ?? optionsOf(page.text).challenge;
    const response =
      options.response ??
      JSON.stringify(
        authenticator.authenticate({
          challenge,
          origin: origin(),
          ...(options.counter === undefined ? {} : { counter: options.counter }),
        }),
      );
    const answer = await browser.post(mfa.action(page.text, '/mfa/webauthn/verify'), { response });
    return { answer, response };
  };

  return { newAuthenticator, optionsOf, bind, verify };
};
