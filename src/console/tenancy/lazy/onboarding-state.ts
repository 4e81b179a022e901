import { tenancyShell } from '../shell';

/** The answers the onboarding asks for (spec §9's questions), kept with the account. */
export interface Questionnaire {
  projectType?: 'personal' | 'company';
  companySize?: string;
  deploymentType?: 'cloud' | 'open-source';
}

interface OnboardingData {
  isOnboardingDone?: boolean;
  questionnaire?: Questionnaire;
}

const onboardingOf = (customData: Record<string, unknown> | undefined): OnboardingData =>
  (customData?.onboarding as OnboardingData | undefined) ?? {};

/** Whether the signed-in account has finished its onboarding (the account's custom data, spec §3). */
export const isOnboardingDone = async (): Promise<boolean> => {
  const me = await tenancyShell.accountApi().getMe();
  return onboardingOf(me?.customData).isOnboardingDone === true;
};

/** Marks the onboarding done, with its answers, and the first tenant as the account's default one. */
export const markOnboardingDone = (questionnaire: Questionnaire, tenantId: string) =>
  tenancyShell.accountApi().updateCustomData({
    onboarding: { isOnboardingDone: true, questionnaire: { ...questionnaire } },
    defaultTenantId: tenantId,
  });
