// @vitest-environment jsdom

import { Refine } from '@refinedev/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LogTab } from '../../../src/console/generic/log/LogTab';
import '../../../src/console/i18n';
import { createDataProvider } from '../../../src/console/providers/data-provider';
import { requireResource } from '../../../src/console/registry';
import { stubMatchMedia } from './match-media';

beforeAll(stubMatchMedia);
afterEach(cleanup);

describe('a detail tab of kind log', () => {
  it('lists the log with its filter fixed to the item, offers the other filters, and opens an entry', async () => {
    const urls: string[] = [];
    const entry = {
      tenantId: 'default',
      id: 'log1',
      key: 'ExchangeTokenBy.ClientCredentials',
      payload: { key: 'ExchangeTokenBy.ClientCredentials', result: 'Success', applicationId: 'app1' },
      createdAt: 1_700_000_000_000,
    };
    const fetch = async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify([entry]), { headers: { 'Content-Type': 'application/json' } });
    };
    const application = requireResource('application');
    const dataProvider = createDataProvider({ apiPaths: { log: '/logs' }, baseUrl: '/api', fetch });
    const router = createMemoryRouter(
      [
        {
          path: '/applications/:id/logs',
          element: (
            <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
              <LogTab
                log="log"
                filter="applicationId"
                resource={application}
                record={{ id: 'app1' }}
                refetch={async () => undefined}
              />
            </Refine>
          ),
        },
        { path: '/audit-logs/:id', element: <p>entry page</p> },
      ],
      { initialEntries: ['/applications/app1/logs'] },
    );
    render(<RouterProvider router={router} />);
    const table = await screen.findByRole('table', { name: 'Audit logs' });
    expect(await within(table).findByText('ExchangeTokenBy.ClientCredentials')).toBeTruthy();
    expect(urls[0]).toBe('/api/logs?applicationId=app1&page_size=20&cursor=');
    const bar = screen.getByRole('group', { name: 'Filters' });
    expect(within(bar).getByRole('searchbox', { name: 'User ID' })).toBeTruthy();
    expect(within(bar).queryByRole('searchbox', { name: 'Application ID' })).toBeNull();

    fireEvent.click(within(table).getByText('ExchangeTokenBy.ClientCredentials'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit-logs/log1'));
  });
});
