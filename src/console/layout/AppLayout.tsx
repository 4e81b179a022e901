import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { lazyPage } from '../navigation/lazy-page';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const RefineShell = lazyPage(() => import('../RefineShell').then((m) => m.RefineShell));

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
              <Outlet />
            </Suspense>
          </RefineShell>
        </Suspense>
      </main>
    </div>
  </div>
);
