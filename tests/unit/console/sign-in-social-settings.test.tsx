// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../src/console/i18n';
import { SignUpTab } from '../../../src/console/features/sign-in-experience/SignUpTab';
import { stubMatchMedia } from './match-media';

beforeAll(stubMatchMedia);
afterEach(cleanup);

const values = {
  signInMode: 'SignInAndRegister',
  signUp: { identifiers: ['username'], password: true, verify: false },
  signIn: { methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }] },
};

describe('the social sign-in settings on the sign-up and sign-in tab', () => {
  it('sets Logto’s socialSignIn.automaticAccountLinking and skipRequiredIdentifiers from their switches', () => {
    const set: [string, unknown][] = [];
    render(
      <SignUpTab
        values={{ ...values, socialSignIn: { automaticAccountLinking: true } }}
        set={(...args) => set.push(args)}
        disabled={false}
      />,
    );
    const linking = screen.getByRole('switch', { name: 'Link accounts by verified email automatically' });
    const skipping = screen.getByRole('switch', { name: 'Social sign-up skips required identifiers' });
    expect([linking.getAttribute('aria-checked'), skipping.getAttribute('aria-checked')]).toEqual(['true', 'false']);
    fireEvent.click(skipping);
    expect(set.at(-1)).toEqual(['socialSignIn.skipRequiredIdentifiers', true]);
    fireEvent.click(linking);
    expect(set.at(-1)).toEqual(['socialSignIn.automaticAccountLinking', false]);
  });
});
