import type { SignInMethodModule } from './method.js';
import { passwordMethod } from './password/module.js';
import { socialMethod } from './social/module.js';
import { ssoMethod } from './sso/module.js';
import { verificationCodeMethod } from './verification-code/module.js';

/**
 * The sign-in methods of the tenant's pages, in the order the sign-in page shows them: the first offered method
 * with a form is the page's form, the others show their links. Adding a method is adding its module here.
 */
export const signInMethodModules: readonly SignInMethodModule[] = [
  passwordMethod,
  verificationCodeMethod,
  socialMethod,
  ssoMethod,
];
