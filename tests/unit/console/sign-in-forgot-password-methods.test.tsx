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

describe('the forgot password methods on the sign-up and sign-in tab', () => {
  it('sets Logto’s forgotPasswordMethods from the checkboxes, keeping the order they were added in', () => {
    const set: [string, unknown][] = [];
    const { rerender } = render(
      <SignUpTab
        values={{ ...values, forgotPasswordMethods: null }}
        set={(...args) => set.push(args)}
        disabled={false}
      />,
    );
    expect(screen.getByText('Forgot password')).toBeTruthy();
    const email = screen.getByRole('checkbox', { name: 'Email verification code' }) as HTMLInputElement;
    const phone = screen.getByRole('checkbox', { name: 'Phone verification code' }) as HTMLInputElement;
    expect([email.checked, phone.checked]).toEqual([false, false]);
    fireEvent.click(email);
    expect(set.at(-1)).toEqual(['forgotPasswordMethods', ['EmailVerificationCode']]);

    rerender(
      <SignUpTab
        values={{ ...values, forgotPasswordMethods: ['PhoneVerificationCode'] }}
        set={(...args) => set.push(args)}
        disabled={false}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email verification code' }));
    expect(set.at(-1)).toEqual(['forgotPasswordMethods', ['PhoneVerificationCode', 'EmailVerificationCode']]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Phone verification code' }));
    expect(set.at(-1)).toEqual(['forgotPasswordMethods', []]);
  });
});
