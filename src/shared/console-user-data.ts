/**
 * The custom data the console keeps on its users (spec §3): onboarding state, the default tenant, and console
 * preferences with acknowledgement flags. The server validates `PATCH /me/custom-data` with this schema; the
 * console reads preferences through it and falls back to defaults when they do not match.
 */
const flag = { type: 'boolean' } as const;

export const acknowledgementFlags = [
  'experienceNoticeAcknowledged',
  'connectorSieNoticeAcknowledged',
  'managementApiAcknowledged',
  'roleWithManagementApiAccessNotificationAcknowledged',
  'm2mRoleNotificationAcknowledged',
  'mfaUpsellNoticeAcknowledged',
  'm2mUpsellNoticeAcknowledged',
  'apiResourceUpsellNoticeAcknowledged',
  'organizationUpsellNoticeAcknowledged',
  'tenantMembersUpsellNoticeAcknowledged',
  'enterpriseSsoUpsellNoticeAcknowledged',
  'securityFeaturesUpsellNoticeAcknowledged',
  'addOnChangesInCurrentCycleNoticeAcknowledged',
] as const;

export const consoleUserDataSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    onboarding: {
      type: 'object',
      additionalProperties: true,
      properties: { isOnboardingDone: flag },
    },
    defaultTenantId: { type: 'string', maxLength: 21 },
    adminConsolePreferences: {
      type: 'object',
      additionalProperties: false,
      properties: {
        language: { type: 'string', maxLength: 16 },
        appearanceMode: { type: 'string', enum: ['system', 'light', 'dark'] },
        ...Object.fromEntries(acknowledgementFlags.map((name) => [name, flag])),
      },
    },
  },
} as const;

/** The profile fields a signed-in user may change on themselves. */
export const selfEditableFields = ['name', 'avatar', 'username'] as const;
