import type { MfaFactorType } from '../experience.js';
import { backupCodeFactor } from './backup-code.js';
import type { MfaFactorModule } from './factor.js';
import { totpFactor } from './totp.js';
import { webAuthnFactor } from './webauthn.js';

/**
 * The factors the sign-in pages can verify and bind: WebAuthn (passkeys), TOTP, backup codes. A factor the sign-in
 * experience offers without a module here is never offered as a link; when a step needs only such factors, the
 * flow says so on a page. Adding a factor is adding its module to this list.
 */
export const mfaFactorModules: readonly MfaFactorModule[] = [webAuthnFactor, totpFactor, backupCodeFactor];

export const factorModule = (type: MfaFactorType) => mfaFactorModules.find((module) => module.type === type);

export const factorBySlug = (slug: string) => mfaFactorModules.find((module) => module.slug === slug);
