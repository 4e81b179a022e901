import type { MfaFactorType } from '../experience.js';
import { backupCodeFactor } from './backup-code.js';
import type { MfaFactorModule } from './factor.js';
import { totpFactor } from './totp.js';

/**
 * The factors the sign-in pages can verify and bind. A factor the sign-in experience offers without a module
 * here (WebAuthn, for now) is never offered as a link; when a step needs it alone, the flow says so on a page.
 * Adding a factor is adding its module to this list.
 */
export const mfaFactorModules: readonly MfaFactorModule[] = [totpFactor, backupCodeFactor];

export const factorModule = (type: MfaFactorType) => mfaFactorModules.find((module) => module.type === type);

export const factorBySlug = (slug: string) => mfaFactorModules.find((module) => module.slug === slug);
