import { useCallback, useEffect, useState } from 'react';
import type { CloudTenant } from './cloud-api';
import { cloudApi } from './cloud-api';

/** The signed-in account's tenants: `undefined` while they load, `failed` when they could not be. */
export const useTenants = () => {
  const [tenants, setTenants] = useState<CloudTenant[]>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    cloudApi.tenants().then(setTenants, () => setFailed(true));
  }, []);
  useEffect(load, [load]);
  return { tenants, failed, reload: load };
};
