import { deepEquals } from '@rjsf/utils';

type Identifier = 'username' | 'email' | 'phone';

interface SignInMethod {
  identifier: Identifier;
  password: boolean;
  verificationCode: boolean;
  isPasswordPrimary: boolean;
}

/** The part of a sign-in experience whose changes reach existing users: how they sign up and sign in. */
export interface SignUpAndSignIn {
  signUp?: { identifiers?: Identifier[]; password?: boolean; verify?: boolean };
  signIn?: { methods?: SignInMethod[] };
}

/** One change of sign-up or sign-in, named by its text key (`sign_in_exp_console.change.<key>`). */
export type SignUpChange =
  | { key: 'identifier_added' | 'identifier_removed'; identifier: Identifier }
  | { key: 'password_required' | 'password_not_required' | 'verify_required' | 'verify_not_required' }
  | { key: 'method_added' | 'method_removed' | 'method_changed'; identifier: Identifier };

const flag = (value: boolean | undefined) => value === true;

/**
 * What a save changes in sign-up and sign-in, in the order the form shows them: identifiers asked at sign-up, the
 * password and verification asked at sign-up, then the sign-in methods added, removed or changed. Logto's console
 * asks to confirm whenever this is not empty, since existing users may no longer sign in the way they did.
 */
export const signUpChanges = (before: SignUpAndSignIn, after: SignUpAndSignIn): SignUpChange[] => {
  const changes: SignUpChange[] = [];
  const was = before.signUp?.identifiers ?? [];
  const is = after.signUp?.identifiers ?? [];
  for (const identifier of is) if (!was.includes(identifier)) changes.push({ key: 'identifier_added', identifier });
  for (const identifier of was) if (!is.includes(identifier)) changes.push({ key: 'identifier_removed', identifier });
  if (flag(before.signUp?.password) !== flag(after.signUp?.password)) {
    changes.push({ key: after.signUp?.password ? 'password_required' : 'password_not_required' });
  }
  if (flag(before.signUp?.verify) !== flag(after.signUp?.verify)) {
    changes.push({ key: after.signUp?.verify ? 'verify_required' : 'verify_not_required' });
  }
  const oldMethods = before.signIn?.methods ?? [];
  const newMethods = after.signIn?.methods ?? [];
  for (const method of newMethods) {
    const old = oldMethods.find((item) => item.identifier === method.identifier);
    if (!old) changes.push({ key: 'method_added', identifier: method.identifier });
    else if (!deepEquals(old, method)) changes.push({ key: 'method_changed', identifier: method.identifier });
  }
  for (const method of oldMethods) {
    if (!newMethods.some((item) => item.identifier === method.identifier)) {
      changes.push({ key: 'method_removed', identifier: method.identifier });
    }
  }
  return changes;
};
