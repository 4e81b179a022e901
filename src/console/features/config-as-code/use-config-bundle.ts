import { useCustomMutation, useDataProvider } from '@refinedev/core';
import { apiRoutes } from '../../../generated/api-paths';
import type { ConfigBundleApplyResponse } from '../../../generated/types';
import type { ApiError } from '../../providers/http';

export type Files = Record<string, Record<string, unknown>>;
export type Plan = ConfigBundleApplyResponse;

/** The tenant's files (`GET /api/config/export`), and files planned or applied against the tenant. */
export const useConfigBundle = () => {
  const dataProvider = useDataProvider();
  const { mutateAsync, mutation } = useCustomMutation<Plan, ApiError>();
  const quiet = { successNotification: false, errorNotification: false } as const;
  const exportFiles = async (): Promise<Files> => {
    const { custom } = dataProvider();
    if (!custom) throw new Error('The data provider has no custom requests');
    const { data } = await custom<{ files: Files }>({ url: apiRoutes.configBundle.actions.export, method: 'get' });
    return data.files;
  };
  const send = async (action: 'plan' | 'apply', files: Files) =>
    (await mutateAsync({ url: apiRoutes.configBundle.actions[action], method: 'post', values: { files }, ...quiet }))
      .data;
  return {
    exportFiles,
    plan: (files: Files) => send('plan', files),
    apply: (files: Files) => send('apply', files),
    pending: mutation.isPending,
  };
};
