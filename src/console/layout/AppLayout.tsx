import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const RefineShell = lazy(() => import('../RefineShell').then((m) => ({ default: m.RefineShell })));

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
