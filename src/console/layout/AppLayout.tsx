import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { lazyPage } from '../navigation/lazy-page';
import { isCloud } from '../tenancy/edition';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const RefineShell = lazyPage(() => import('../RefineShell').then((m) => m.RefineShell));
/** The cloud's notices around a tenant's pages (suspended, production banner), loaded only by the cloud console. */
const TenantGate = lazyPage(() => import('../tenancy/lazy/TenantGate').then((m) => m.TenantGate));

/** The data layer (Refine and its providers), which every page in the layout renders inside. */
export const preloadDataLayer = () => RefineShell.preload();

export const PageLoading = () => (
  <div className="gh-page-loading">
    <Spin />
  </div>
);

export const AppLayout = () => (
  <div className="gh-app">
    <TopBar />
    <div className="gh-body">
      <Sidebar />
      <main className="gh-content">
        <Suspense fallback={<PageLoading />}>
          <RefineShell>
            <Suspense fallback={<PageLoading />}>
              {isCloud() ? (
                <TenantGate>
                  <Outlet />
                </TenantGate>
              ) : (
                <Outlet />
              )}
            </Suspense>
          </RefineShell>
        </Suspense>
      </main>
    </div>
  </div>
);
