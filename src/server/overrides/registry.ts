import type { ServerOverride } from '../crud/overrides.js';
import { accountCenterOverrides } from '../entities/accountCenter/overrides.js';
import { applicationOverrides } from '../entities/application/overrides.js';
import { captchaProviderOverrides } from '../entities/captchaProvider/overrides.js';
import { connectorOverrides } from '../entities/connector/overrides.js';
import { connectorFactoryOverrides } from '../entities/connectorFactory/overrides.js';
import { customPhraseOverrides } from '../entities/customPhrase/overrides.js';
import { dashboardOverrides } from '../entities/dashboard/overrides.js';
import { hookOverrides } from '../entities/hook/overrides.js';
import { meOverrides } from '../entities/me/overrides.js';
import { oidcKeyOverrides } from '../entities/oidcKey/overrides.js';
import { organizationOverrides } from '../entities/organization/overrides.js';
import { organizationInvitationOverrides } from '../entities/organizationInvitation/overrides.js';
import { personalAccessTokenOverrides } from '../entities/personalAccessToken/overrides.js';
import { qaOverrides } from '../entities/qa/overrides.js';
import { resourceOverrides } from '../entities/resource/overrides.js';
import { sentinelActivityOverrides } from '../entities/sentinelActivity/overrides.js';
import { signInExperienceOverrides } from '../entities/signInExperience/overrides.js';
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
  ...accountCenterOverrides,
  ...applicationOverrides,
  ...captchaProviderOverrides,
  ...connectorOverrides,
  ...connectorFactoryOverrides,
  ...customPhraseOverrides,
  ...dashboardOverrides,
  ...hookOverrides,
  ...meOverrides,
  ...oidcKeyOverrides,
  ...organizationOverrides,
  ...organizationInvitationOverrides,
  ...personalAccessTokenOverrides,
  ...qaOverrides,
  ...resourceOverrides,
  ...sentinelActivityOverrides,
  ...signInExperienceOverrides,
  ...userOverrides,
};
