import { afterEach, describe, expect, it } from 'vitest';
import { setAlertPresenter } from '../../../src/console/auth/alert-channel';
import { flush, setup, userWith } from './auth-session-fakes';

afterEach(() => setAlertPresenter(undefined));

describe('console sign-in session on API errors (spec §8)', () => {
  it('401 signs in again and comes back to the current page', async () => {
    const { session, calls } = setup(userWith(), { path: '/api-resources/r1/permissions' });
    await session.start();
    expect(session.handleApiError({ statusCode: 401, code: 'auth.unauthorized', message: 'Unauthorized.' })).toBe(true);
    // Further failures while the browser leaves are swallowed too.
    expect(session.handleApiError({ statusCode: 401, message: 'Unauthorized.' })).toBe(true);
    await flush();
    expect(calls).toEqual([
      { name: 'removeUser', args: undefined },
      { name: 'signinRedirect', args: { state: { returnTo: '/api-resources/r1/permissions' } } },
    ]);
  });

  it('stops with an error when fresh sign-ins keep being refused', async () => {
    let time = 1_000_000;
    const { session, calls } = setup(userWith(), { time: () => time });
    for (let round = 0; round < 2; round += 1) {
      await session.start();
      session.handleApiError({ statusCode: 401, message: 'Unauthorized.' });
      await flush();
      await session.completeSignIn(`http://console.test/console/callback?round=${round}`);
      time += 10_000;
    }
    session.handleApiError({ statusCode: 401, message: 'Unauthorized.' });
    await flush();
    expect(calls.filter((call) => call.name === 'signinRedirect')).toHaveLength(2);
    expect(session.getState()).toMatchObject({ status: 'failed', failure: { reason: 'rejected' } });

    // Retry clears the guard and signs in.
    await session.retry();
    expect(calls.filter((call) => call.name === 'signinRedirect')).toHaveLength(3);
  });

  it('403 "Insufficient permissions." signs out', async () => {
    const { session, names } = setup(userWith());
    await session.start();
    expect(session.handleApiError({ statusCode: 403, message: 'Insufficient permissions.' })).toBe(true);
    await flush();
    expect(names()).toEqual(['revokeTokens', 'signoutRedirect']);
  });

  it('auth.forbidden shows its message until "Got it", then signs out', async () => {
    const { session, names } = setup(userWith());
    await session.start();
    let acknowledge: () => void = () => undefined;
    const shown: string[] = [];
    setAlertPresenter(
      (message) =>
        new Promise<void>((resolve) => {
          shown.push(message);
          acknowledge = resolve;
        }),
    );
    const forbidden = {
      statusCode: 403,
      code: 'auth.forbidden',
      message: 'Forbidden. Please check your user roles and permissions.',
    };
    expect(session.handleApiError(forbidden)).toBe(true);
    expect(session.handleApiError(forbidden)).toBe(true);
    await flush();
    expect(shown).toEqual(['Forbidden. Please check your user roles and permissions.']);
    expect(names()).toEqual([]);
    acknowledge();
    await flush();
    expect(names()).toEqual(['revokeTokens', 'signoutRedirect']);
  });

  it('leaves other errors to the page', async () => {
    const { session, calls } = setup(userWith());
    await session.start();
    expect(session.handleApiError({ statusCode: 403, message: 'Not yours.' })).toBe(false);
    expect(session.handleApiError({ statusCode: 422, code: 'role.name_in_use', message: 'In use.' })).toBe(false);
    expect(session.handleApiError({ statusCode: 0, message: 'Request timed out' })).toBe(false);
    expect(calls).toEqual([]);
    expect(session.getState().status).toBe('signed-in');
  });
});
