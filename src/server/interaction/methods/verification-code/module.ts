import type { SignInMethodModule } from '../method.js';
import { verificationCodeEntry } from './entry.js';
import { verificationCodeRoutes } from './routes.js';

/** Signing in and signing up by a verification code sent by email or text message. */
export const verificationCodeMethod: SignInMethodModule = { ...verificationCodeEntry, routes: verificationCodeRoutes };
