import { generateId } from '../../crud/ids.js';
import type { ServerOverride } from '../../overrides/registry.js';

/** Client secrets are the server's to make: 32 random characters, shown to the caller once at creation. */
export const newClientSecret = () => generateId(32);

export const applicationOverrides = {
  'application.generate-secret': {
    kind: 'beforeWrite',
    run: (values) => ({ ...values, secret: newClientSecret() }),
  },
  'application.generate-secret-value': {
    kind: 'beforeWrite',
    run: (values) => ({ ...values, value: newClientSecret() }),
  },
} satisfies Record<string, ServerOverride>;
