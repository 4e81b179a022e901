/**
 * The steps of the Experience API tests: an interaction opened by the default tenant's application with its
 * Experience API, a user identified by password, and the way back to the application.
 */
import { expect } from 'vitest';
import { Browser } from './http-browser.js';
import { CALLBACK, PASSWORD, type useSignInPages } from './sign-in-pages-steps.js';

export const experienceSteps = (pages: ReturnType<typeof useSignInPages>) => {
  /** An interaction opened by the default tenant's application, and its Experience API. */
  const begin = async (browser = new Browser()) => {
    await pages.openAt('', {}, browser);
    const api = (method: string, path: string, body?: unknown) =>
      browser.send(method, `${pages.origin()}/api/experience${path}`, body);
    return { browser, api };
  };

  /** From the submit's answer to the application's callback: the code the browser brings back. */
  const backAtApp = async (browser: Browser, redirectTo: string) => {
    const back = await browser.follow(redirectTo, CALLBACK);
    expect(back.location?.startsWith(CALLBACK), back.text).toBe(true);
    return new URL(back.location as string).searchParams.get('code');
  };

  /** A user signed in by password through the API, up to the submit. */
  const identified = async (username: string) => {
    const session = await begin();
    await session.api('PUT', '', { interactionEvent: 'SignIn' });
    const verified = await session.api('POST', '/verification/password', {
      identifier: { type: 'username', value: username },
      password: PASSWORD,
    });
    expect((await session.api('POST', '/identification', verified.json())).status).toBe(204);
    return session;
  };

  return { begin, backAtApp, identified };
};
