import { useCustom } from '@refinedev/core';
import type {
  DashboardUsersActiveResponse,
  DashboardUsersNewResponse,
  DashboardUsersTotalResponse,
} from '../../../generated/types';

/** The dashboard's three reads (`GET /dashboard/users/total`, `/new` and `/active?date=`), each with its state. */
export const useDashboard = (date: string | undefined) => {
  const total = useCustom<DashboardUsersTotalResponse>({ url: '/dashboard/users/total', method: 'get' });
  const fresh = useCustom<DashboardUsersNewResponse>({ url: '/dashboard/users/new', method: 'get' });
  const active = useCustom<DashboardUsersActiveResponse>({
    url: '/dashboard/users/active',
    method: 'get',
    config: date ? { query: { date } } : {},
  });
  return { total, fresh, active };
};

export type Reads = ReturnType<typeof useDashboard>;
