import { type DataProvider, Refine } from '@refinedev/core';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AccessProvider } from '../../../src/console/access/AccessContext';

/** A data provider answering from memory: every list is `rows`, every record `record`; writes are spies. */
export const memoryDataProvider = (record: Record<string, unknown> = {}, rows: Record<string, unknown>[] = []) =>
  ({
    getApiUrl: () => '/api',
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    getOne: vi.fn(async () => ({ data: record })),
    create: vi.fn(async ({ variables }) => ({ data: variables })),
    update: vi.fn(async ({ variables }) => ({ data: { ...record, ...(variables as object) } })),
    deleteOne: vi.fn(async () => ({ data: record })),
  }) as unknown as DataProvider;

/**
 * Renders console routes as a caller holding `scopes`: a memory router at `path`, Refine over `dataProvider` and
 * antd's app context, as the console's layout provides them.
 */
export const renderAsCaller = ({
  scopes,
  routes,
  path,
  dataProvider = memoryDataProvider(),
}: {
  scopes: readonly string[];
  routes: RouteObject[];
  path: string;
  dataProvider?: DataProvider;
}) => {
  const shell = (children: ReactNode) => (
    <AccessProvider scopes={scopes}>
      <AntdApp>
        <Refine dataProvider={dataProvider} options={{ disableTelemetry: true, mutationMode: 'pessimistic' }}>
          {children}
        </Refine>
      </AntdApp>
    </AccessProvider>
  );
  const router = createMemoryRouter([{ element: shell(<Outlet />), children: routes }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, dataProvider };
};
