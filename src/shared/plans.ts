/**
 * The cloud edition's plans (spec §2, §9): each a set of quotas. A quota is a number (at most that many), `null`
 * (unlimited) or a boolean (the feature is on or off). The open-source edition has no plans: everything is allowed.
 */

export const numericQuotaKeys = [
  'mauLimit',
  'tokenLimit',
  'applicationsLimit',
  'machineToMachineLimit',
  'resourcesLimit',
  'scopesPerResourceLimit',
  'socialConnectorsLimit',
  'userRolesLimit',
  'machineToMachineRolesLimit',
  'scopesPerRoleLimit',
  'hooksLimit',
  'auditLogsRetentionDays',
  'organizationsLimit',
  'enterpriseSsoLimit',
  'thirdPartyApplicationsLimit',
  'tenantMembersLimit',
  'samlApplicationsLimit',
] as const;

export const booleanQuotaKeys = [
  'mfaEnabled',
  'customJwtEnabled',
  'subjectTokenEnabled',
  'bringYourUiEnabled',
  'idpInitiatedSsoEnabled',
  'captchaEnabled',
  'securityFeaturesEnabled',
] as const;

export type NumericQuotaKey = (typeof numericQuotaKeys)[number];
export type BooleanQuotaKey = (typeof booleanQuotaKeys)[number];
export type QuotaKey = NumericQuotaKey | BooleanQuotaKey;
export type PlanQuota = Record<NumericQuotaKey, number | null> & Record<BooleanQuotaKey, boolean>;

export const planIds = ['free', 'pro', 'pro-202411', 'dev', 'enterprise', 'admin'] as const;
export type PlanId = (typeof planIds)[number];

/** The plans a tenant owner may pick; the others are given (development tenants, contracts, the admin tenant). */
export const selectablePlans: readonly PlanId[] = ['free', 'pro-202411'];

/** Paid plans: their quotas of add-on items do not stop a create, and their tenants see no usage flagged. */
export const paidPlans: readonly PlanId[] = ['pro', 'pro-202411', 'enterprise'];

const allOn = Object.fromEntries(booleanQuotaKeys.map((key) => [key, true])) as Record<BooleanQuotaKey, boolean>;
const allOff = Object.fromEntries(booleanQuotaKeys.map((key) => [key, false])) as Record<BooleanQuotaKey, boolean>;
const unlimited = Object.fromEntries(numericQuotaKeys.map((key) => [key, null])) as Record<NumericQuotaKey, null>;

const free: PlanQuota = {
  ...allOff,
  mauLimit: 50_000,
  tokenLimit: 500_000,
  applicationsLimit: 3,
  machineToMachineLimit: 1,
  resourcesLimit: 1,
  scopesPerResourceLimit: 1,
  socialConnectorsLimit: 3,
  userRolesLimit: 1,
  machineToMachineRolesLimit: 1,
  scopesPerRoleLimit: 1,
  hooksLimit: 1,
  auditLogsRetentionDays: 3,
  organizationsLimit: 0,
  enterpriseSsoLimit: 0,
  thirdPartyApplicationsLimit: 0,
  tenantMembersLimit: 1,
  samlApplicationsLimit: 0,
};

const pro: PlanQuota = { ...unlimited, ...allOn, auditLogsRetentionDays: 14, idpInitiatedSsoEnabled: false };

export const planQuotas: Readonly<Record<PlanId, PlanQuota>> = {
  free,
  pro,
  'pro-202411': pro,
  dev: {
    ...unlimited,
    ...allOn,
    mauLimit: 100,
    auditLogsRetentionDays: 14,
    tenantMembersLimit: 20,
    idpInitiatedSsoEnabled: false,
  },
  enterprise: { ...unlimited, ...allOn, auditLogsRetentionDays: 90 },
  admin: { ...unlimited, ...allOn },
};

/** Monthly prices in cents of the plans sold as SKUs (`GET /api/skus`). */
export const planPrices: Readonly<Partial<Record<PlanId, number>>> = { free: 0, 'pro-202411': 2400 };

/** The plan a new tenant starts on: development tenants on the development plan, production ones on free. */
export const initialPlan = (tag: 'development' | 'production'): PlanId => (tag === 'development' ? 'dev' : 'free');

/** Spec §5's quota check: unlimited passes, a boolean is itself, a number admits usage up to the limit. */
export const withinQuota = (limit: number | boolean | null, usage: number): boolean =>
  limit === null || (typeof limit === 'boolean' ? limit : usage <= limit);
