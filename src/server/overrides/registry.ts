import type { ServerOverride } from '../crud/overrides.js';
import { applicationOverrides } from '../entities/application/overrides.js';
import { dashboardOverrides } from '../entities/dashboard/overrides.js';
import { hookOverrides } from '../entities/hook/overrides.js';
import { meOverrides } from '../entities/me/overrides.js';
import { organizationOverrides } from '../entities/organization/overrides.js';
import { organizationInvitationOverrides } from '../entities/organizationInvitation/overrides.js';
import { personalAccessTokenOverrides } from '../entities/personalAccessToken/overrides.js';
import { qaOverrides } from '../entities/qa/overrides.js';
import { resourceOverrides } from '../entities/resource/overrides.js';
import { userOverrides } from '../entities/user/overrides.js';
import type { ServerOverrideKey } from './keys.js';

export type {
  ActionOverride,
  AfterReadOverride,
  BeforeLinkOverride,
  BeforeWriteOverride,
  HookContext,
  ServerOverride,
} from '../crud/overrides.js';

/** Every key of `keys.ts` has exactly one implementation; TypeScript fails the build otherwise. */
export const serverOverrides: Record<ServerOverrideKey, ServerOverride> = {
  ...applicationOverrides,
  ...dashboardOverrides,
  ...hookOverrides,
  ...meOverrides,
  ...organizationOverrides,
  ...organizationInvitationOverrides,
  ...personalAccessTokenOverrides,
  ...qaOverrides,
  ...resourceOverrides,
  ...userOverrides,
};
