import { useCallback, useEffect, useState } from 'react';
import type { CloudTenant } from './cloud-api';
import { cloudApi } from './cloud-api';

/** One read of the account's tenants per page load, shared by the pieces that show them (switcher, banner, tabs). */
let shared: Promise<CloudTenant[]> | undefined;

export const tenantsOnce = (): Promise<CloudTenant[]> => {
  shared ??= cloudApi.tenants().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
};

/** The signed-in account's tenants: `undefined` while they load, `failed` when they could not be. */
export const useTenants = () => {
  const [tenants, setTenants] = useState<CloudTenant[]>();
  const [failed, setFailed] = useState(false);
  const load = useCallback((fresh = false) => {
    setFailed(false);
    if (fresh) shared = undefined;
    tenantsOnce().then(setTenants, () => setFailed(true));
  }, []);
  useEffect(() => load(), [load]);
  return { tenants, failed, reload: () => load(true) };
};
