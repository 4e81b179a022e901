import { DEFAULT_LOGO_PATHS, pageLogoUrl } from '../../entities/signInExperience/server/default-logos.js';
import type { SignInExperience } from '../../generated/types.js';
import type { EntityModel } from '../../shared/descriptor.js';
import { customUiOf, type PageCustomUi } from './custom-ui-settings.js';
import { httpUrl } from './http-url.js';
import type { SignUpField } from './profile-fields.js';

/** What an identifier field can name. */
export type IdentifierKind = 'username' | 'email' | 'phone';
const kinds: readonly IdentifierKind[] = ['username', 'email', 'phone'];
/** What a verification code can be sent to. */
export type CodeKind = 'email' | 'phone';
const codeKinds = (values: IdentifierKind[]) => values.filter((kind): kind is CodeKind => kind !== 'username');

/**
 * The parts of a tenant's sign-in experience that its sign-in pages show, checked once more where they reach the
 * page: colors are hex colors, every link is http(s). The API validates them on write already; the preview renders
 * bodies that were never stored, and the pages must not trust either.
 */
export interface PageExperience {
  color: { primary: string; darkPrimary: string; darkModeEnabled: boolean };
  /** Logos and favicons; a logo is a path on the page's origin for the default branding (the server's own). */
  branding: { logoUrl?: string; darkLogoUrl?: string; favicon?: string; darkFavicon?: string };
  terms: {
    termsOfUseUrl?: string;
    privacyPolicyUrl?: string;
    policy: 'Automatic' | 'ManualRegistrationOnly' | 'Manual';
  };
  support: { email?: string; websiteUrl?: string };
  languageInfo: { autoDetect: boolean; fallbackLanguage: string };
  signInMode: 'SignIn' | 'Register' | 'SignInAndRegister';
  /** The identifiers that sign in with a password. */
  signInIdentifiers: IdentifierKind[];
  /** The identifiers that sign in with a verification code sent to them. */
  codeSignInIdentifiers: CodeKind[];
  /** The identifiers a new account gives. */
  signUpIdentifiers: IdentifierKind[];
  /** The kinds of address sign-up verifies by a code (`signUp.verify`, or a secondary identifier's `verify`). */
  signUpVerifiedKinds: CodeKind[];
  /** Whether sign-up must verify an email or phone number by a code before the account is created. */
  signUpNeedsCode: boolean;
  /** Whether a new account sets a password (`signUp.password`); without one it signs in by codes. */
  signUpPassword: boolean;
  /** `forgotPasswordMethods` offers the email code (null: every method, as Logto reads it). */
  forgotPasswordByEmail: boolean;
  /** `forgotPasswordMethods` offers the code by text message (null: every method). */
  forgotPasswordByPhone: boolean;
  customCss: string | null;
  customContent: Record<string, string>;
  /** The targets of the social connectors the sign-in page offers (`socialSignInConnectorTargets`), in order. */
  socialTargets: string[];
  /** The tenant's social connectors of those targets, in that order (read with the interaction; none in a preview). */
  socialConnectors: PageSocialConnector[];
  /**
   * Logto's `socialSignIn`: whether a new social identity whose verified email names an account links to it without
   * asking, and whether a social sign-up skips the identifiers sign-up requires.
   */
  socialSignIn: { automaticAccountLinking: boolean; skipRequiredIdentifiers: boolean };
  /** Whether an email whose domain an enterprise SSO connector lists signs in there (`singleSignOnEnabled`). */
  singleSignOn: boolean;
  /** The custom profile fields the sign-up page collects, in order (read with the interaction; none in a preview). */
  profileFields: SignUpField[];
  /** The MFA settings: the factors offered, the prompt policy, and whether organizations may require MFA. */
  mfa: PageMfa;
  /** The tenant's own sign-in pages (`customUiAssets`), shown instead of these where uploads are kept. */
  customUi?: PageCustomUi | undefined;
}

/** A social connector as the sign-in page shows it: a button with its name and logo. */
export interface PageSocialConnector {
  id: string;
  target: string;
  /** Its name by language (`en`, `de`...). */
  name: Record<string, string>;
  /** A `data:` image, or none. */
  logo?: string | undefined;
}

export type MfaFactorType = 'Totp' | 'WebAuthn' | 'BackupCode';
export type MfaPolicy = 'UserControlled' | 'Mandatory' | 'PromptOnlyAtSignIn' | 'PromptAtSignInAndSignUp' | 'NoPrompt';
export interface PageMfa {
  factors: MfaFactorType[];
  policy: MfaPolicy;
  /** `organizationRequiredMfaPolicy: Mandatory`: members of an organization that requires MFA must have a factor. */
  organizationsMayRequire: boolean;
}
const mfaFactors: readonly MfaFactorType[] = ['Totp', 'WebAuthn', 'BackupCode'];
const mfaPolicies: readonly MfaPolicy[] = [
  'UserControlled',
  'Mandatory',
  'PromptOnlyAtSignIn',
  'PromptAtSignInAndSignUp',
  'NoPrompt',
];

const hexColor = /^#([0-9a-f]{3}){1,2}$/i;
const languageTag = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;
const email = /^[^\s@<>"']+@[^\s@<>"']+$/;

/**
 * A logo: the tenant's own (an http(s) URL), or the server's own for the default branding (a path on the page's
 * origin, so it shows wherever the server is reached).
 */
const logo = (model: EntityModel, field: 'logoUrl' | 'darkLogoUrl', value: unknown) => {
  const shown = pageLogoUrl(model, field, value);
  return shown === DEFAULT_LOGO_PATHS[field] ? DEFAULT_LOGO_PATHS[field] : httpUrl(shown);
};

const defined = <T extends Record<string, unknown>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };

const identifiers = (values: unknown): IdentifierKind[] =>
  kinds.filter((kind) => Array.isArray(values) && values.includes(kind));

type Partial = { [K in keyof SignInExperience]?: unknown };
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const verifiedKinds = (signUp: Record<string, unknown>) => {
  const secondary = Array.isArray(signUp.secondaryIdentifiers) ? signUp.secondaryIdentifiers.map(record) : [];
  const verified = [
    ...(signUp.verify === true ? identifiers(signUp.identifiers) : []),
    ...identifiers(secondary.filter((item) => item.verify === true).map((item) => item.identifier)),
  ];
  return codeKinds([...new Set(verified)]);
};

const pageMfa = (mfa: Record<string, unknown>): PageMfa => ({
  factors: mfaFactors.filter((factor) => Array.isArray(mfa.factors) && mfa.factors.includes(factor)),
  policy: oneOf(mfa.policy, mfaPolicies, 'UserControlled'),
  organizationsMayRequire: mfa.organizationRequiredMfaPolicy === 'Mandatory',
});

/**
 * The page's view of a sign-in experience (stored, or a preview body over the stored one); `model` is the sign-in
 * experience's (the catalog's), whose default branding is the server's own logos.
 */
export const pageExperience = (experience: Partial, model: EntityModel): PageExperience => {
  const color = record(experience.color);
  const branding = record(experience.branding);
  const language = record(experience.languageInfo);
  const methods = Array.isArray(record(experience.signIn).methods)
    ? (record(experience.signIn).methods as unknown[])
    : [];
  const customContent = Object.fromEntries(
    Object.entries(record(experience.customContent)).filter(([, value]) => typeof value === 'string'),
  ) as Record<string, string>;
  const support = typeof experience.supportEmail === 'string' && email.test(experience.supportEmail);
  return {
    color: {
      primary:
        typeof color.primaryColor === 'string' && hexColor.test(color.primaryColor) ? color.primaryColor : '#6139F6',
      darkPrimary:
        typeof color.darkPrimaryColor === 'string' && hexColor.test(color.darkPrimaryColor)
          ? color.darkPrimaryColor
          : '#8768F8',
      darkModeEnabled: color.isDarkModeEnabled === true,
    },
    branding: defined({
      logoUrl: logo(model, 'logoUrl', branding.logoUrl),
      darkLogoUrl: logo(model, 'darkLogoUrl', branding.darkLogoUrl),
      favicon: httpUrl(branding.favicon),
      darkFavicon: httpUrl(branding.darkFavicon),
    }),
    terms: {
      ...defined({
        termsOfUseUrl: httpUrl(experience.termsOfUseUrl),
        privacyPolicyUrl: httpUrl(experience.privacyPolicyUrl),
      }),
      policy: oneOf(experience.agreeToTermsPolicy, ['Automatic', 'ManualRegistrationOnly', 'Manual'], 'Automatic'),
    },
    support: defined({
      email: support ? (experience.supportEmail as string) : undefined,
      websiteUrl: httpUrl(experience.supportWebsiteUrl),
    }),
    languageInfo: {
      autoDetect: language.autoDetect !== false,
      fallbackLanguage:
        typeof language.fallbackLanguage === 'string' && languageTag.test(language.fallbackLanguage)
          ? language.fallbackLanguage
          : 'en',
    },
    signInMode: oneOf(experience.signInMode, ['SignIn', 'Register', 'SignInAndRegister'], 'SignInAndRegister'),
    signInIdentifiers: identifiers(
      methods.filter((method) => record(method).password === true).map((method) => record(method).identifier),
    ),
    codeSignInIdentifiers: codeKinds(
      identifiers(
        methods.filter((method) => record(method).verificationCode === true).map((method) => record(method).identifier),
      ),
    ),
    signUpIdentifiers: identifiers(record(experience.signUp).identifiers),
    signUpVerifiedKinds: verifiedKinds(record(experience.signUp)),
    signUpNeedsCode: verifiedKinds(record(experience.signUp)).length > 0,
    signUpPassword: record(experience.signUp).password !== false,
    forgotPasswordByEmail:
      experience.forgotPasswordMethods === null ||
      (Array.isArray(experience.forgotPasswordMethods) &&
        experience.forgotPasswordMethods.includes('EmailVerificationCode')),
    forgotPasswordByPhone:
      experience.forgotPasswordMethods === null ||
      (Array.isArray(experience.forgotPasswordMethods) &&
        experience.forgotPasswordMethods.includes('PhoneVerificationCode')),
    customCss: typeof experience.customCss === 'string' ? experience.customCss : null,
    customContent,
    socialTargets: Array.isArray(experience.socialSignInConnectorTargets)
      ? experience.socialSignInConnectorTargets.filter((target): target is string => typeof target === 'string')
      : [],
    socialConnectors: [],
    socialSignIn: {
      automaticAccountLinking: record(experience.socialSignIn).automaticAccountLinking === true,
      skipRequiredIdentifiers: record(experience.socialSignIn).skipRequiredIdentifiers === true,
    },
    singleSignOn: experience.singleSignOnEnabled === true,
    profileFields: [],
    mfa: pageMfa(record(experience.mfa)),
    customUi: customUiOf(experience),
  };
};

/** Whether the terms show at all: only with a terms or privacy link. */
export const hasTerms = (experience: PageExperience) =>
  Boolean(experience.terms.termsOfUseUrl || experience.terms.privacyPolicyUrl);

/** Whether a page must have the terms ticked: sign-in under `Manual`, registration under both manual policies. */
export const termsMustBeTicked = (experience: PageExperience, page: 'sign-in' | 'register') =>
  hasTerms(experience) &&
  (experience.terms.policy === 'Manual' ||
    (page === 'register' && experience.terms.policy === 'ManualRegistrationOnly'));
