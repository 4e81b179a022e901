import { type BaseRecord, useOne } from '@refinedev/core';
import type { DetailTab } from '../../../shared/descriptor';
import type { ApiError } from '../../providers/http';
import { settingsResource } from './use-settings-form';

type FormTabModel = Extract<DetailTab, { kind: 'form' }>;

/** A form tab of the sign-in experience's descriptor, by key (its MFA and security tabs back their own pages). */
export const descriptorTab = (key: string): FormTabModel => {
  const tab = settingsResource.detail?.tabs.find((item) => item.key === key);
  if (tab?.kind !== 'form') throw new Error(`The sign-in experience has no form tab "${key}"`);
  return tab;
};

/** The stored sign-in experience, read as the generated settings page reads it. */
export const useSettingsRecord = () =>
  useOne<BaseRecord, ApiError>({
    resource: settingsResource.name,
    id: settingsResource.name,
    errorNotification: false,
  });
