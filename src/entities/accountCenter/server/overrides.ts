import type { BeforeWriteOverride, ServerOverride } from '../../../server/crud/overrides.js';

/** What Logto stores of an account center patch: related origins without repeats, an empty deletion URL as none. */
const normalize: BeforeWriteOverride = {
  kind: 'beforeWrite',
  run: (values) => {
    const next = { ...values };
    if (Array.isArray(next.webauthnRelatedOrigins))
      next.webauthnRelatedOrigins = [...new Set(next.webauthnRelatedOrigins)];
    if (next.deleteAccountUrl === '') next.deleteAccountUrl = null;
    return next;
  },
};

export const accountCenterOverrides = {
  'accountCenter.normalize': normalize,
} satisfies Record<string, ServerOverride>;
