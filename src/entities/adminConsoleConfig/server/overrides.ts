import type { ServerOverride } from '../../../server/crud/overrides.js';
import { withoutNulls } from '../../../server/crud/without-nulls.js';

export const adminConsoleConfigOverrides = {
  /** Logto's notices are optional objects: one not set is left out rather than null. */
  'adminConsoleConfig.present': { kind: 'afterRead', run: (items) => items.map(withoutNulls) },
} satisfies Record<string, ServerOverride>;
