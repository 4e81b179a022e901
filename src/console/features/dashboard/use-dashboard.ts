import { useCustom } from '@refinedev/core';
import { apiRoutes } from '../../../generated/api-paths';
import type {
  DashboardUsersActiveResponse,
  DashboardUsersNewResponse,
  DashboardUsersTotalResponse,
} from '../../../generated/types';

/** The dashboard's three reads (`GET /dashboard/users/total`, `/new` and `/active?date=`), each with its state. */
export const useDashboard = (date: string | undefined) => {
  const total = useCustom<DashboardUsersTotalResponse>({ url: apiRoutes.dashboard.actions.usersTotal, method: 'get' });
  const fresh = useCustom<DashboardUsersNewResponse>({ url: apiRoutes.dashboard.actions.usersNew, method: 'get' });
  const active = useCustom<DashboardUsersActiveResponse>({
    url: apiRoutes.dashboard.actions.usersActive,
    method: 'get',
    config: date ? { query: { date } } : {},
  });
  return { total, fresh, active };
};

export type Reads = ReturnType<typeof useDashboard>;
