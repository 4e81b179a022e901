// @vitest-environment jsdom

import { Refine } from '@refinedev/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccessProvider } from '../../../src/console/access/AccessContext';
import { emptyFilters, filterQuery, type LogFilterValues } from '../../../src/console/generic/log/filters';
import { LogDetail } from '../../../src/console/generic/log/LogDetail';
import { LogFilterBar } from '../../../src/console/generic/log/LogFilterBar';
import { LogList } from '../../../src/console/generic/log/LogList';
import { SettingsPage } from '../../../src/console/generic/SettingsPage';
import { i18n } from '../../../src/console/i18n';
import { createDataProvider } from '../../../src/console/providers/data-provider';
import { addValidators } from '../../../src/console/rjsf/validator-table';
import type { ConsoleResource } from '../../../src/shared/descriptor';
import { type CompiledShapes, compileShapes } from '../../shapes/compile';
import shapeTexts from '../../shapes/locales/en/shapes.json';
import { stubMatchMedia } from './match-media';

let compiled: CompiledShapes;
const shape = (name: string) => compiled.consoleResources.find((resource) => resource.name === name) as ConsoleResource;

beforeAll(async () => {
  stubMatchMedia();
  compiled = await compileShapes();
  // The test shapes' forms are compiled into a temporary root; the console finds their validators beside the project's.
  addValidators(compiled.validators);
  i18n.addResourceBundle('en', 'translation', shapeTexts, true, true);
  // Compiling the shapes runs codegen, which takes a while on a busy machine.
}, 60_000);
afterAll(() => compiled?.dispose());
afterEach(cleanup);

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** A fake management API for the settings page: the singleton at its path; PATCH answers what `onPatch` says. */
const settingsApi = (onPatch: (body: Record<string, unknown>) => { status: number; body: unknown }) => {
  const calls: Call[] = [];
  let stored: Record<string, unknown> = {
    tenantId: 'default',
    id: 'w1',
    displayName: 'My workspace',
    theme: 'system',
    allowSignUp: true,
    createdAt: 1_700_000_000_000,
  };
  const fetch = async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    let status = 200;
    let answer: unknown = stored;
    if (method === 'PATCH') {
      ({ status, body: answer } = onPatch(body));
      if (status === 200) stored = { ...stored, ...body };
      if (status === 200) answer = stored;
    }
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetch };
};

const renderSettings = (resource: ConsoleResource, fetch: (url: string, init?: RequestInit) => Promise<Response>) => {
  const dataProvider = createDataProvider({
    apiPaths: { [resource.name]: resource.apiPath },
    singletons: [resource.name],
    baseUrl: '/api',
    fetch,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/workspace-settings',
        element: (
          <Refine
            dataProvider={dataProvider}
            options={{
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
            }}
          >
            <App>
              <AccessProvider scopes={resource.requiredScopes.write}>
                <SettingsPage resource={resource} />
              </AccessProvider>
            </App>
          </Refine>
        ),
      },
    ],
    { initialEntries: ['/workspace-settings'] },
  );
  render(<RouterProvider router={router} />);
};

describe('the settings page of a singleton', () => {
  it('shows the record in its form sections, with no list or create, and saves a change at the path', async () => {
    const api = settingsApi(() => ({ status: 200, body: {} }));
    renderSettings(shape('workspaceSettings'), api.fetch);
    const name = await screen.findByRole('textbox', { name: /Display name/ }, { timeout: 8000 });
    expect((name as HTMLInputElement).value).toBe('My workspace');
    expect(screen.getByRole('heading', { level: 1, name: 'Workspace' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Identity' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sign-up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();

    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Acme' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/workspace-settings',
      body: { displayName: 'Acme' },
    });
    expect(api.calls.filter((call) => call.method === 'GET').map((call) => call.url)).toEqual([
      '/api/workspace-settings',
    ]);
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('puts a server error on the field it names, and Discard brings the stored values back', async () => {
    const api = settingsApi(() => ({
      status: 400,
      body: {
        message: 'Invalid input',
        code: 'guard.invalid_input',
        data: { issues: [{ path: '/displayName', keyword: 'maxLength', message: 'too long', params: { limit: 64 } }] },
      },
    }));
    renderSettings(shape('workspaceSettings'), api.fetch);
    const name = await screen.findByRole('textbox', { name: /Display name/ }, { timeout: 8000 });
    fireEvent.change(name, { target: { value: 'Refused by the server' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const identity = screen.getByRole('region', { name: 'Identity' });
    expect(await within(identity).findByText('Must be at most 64 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect((screen.getByRole('textbox', { name: /Display name/ }) as HTMLInputElement).value).toBe('My workspace');
  });
});

/** The bar as the log page holds it: its values, and the query they make. */
const Bar = ({ resource, seen }: { resource: ConsoleResource; seen: (query: Record<string, unknown>) => void }) => {
  const [value, setValue] = useState<LogFilterValues>(emptyFilters);
  return (
    <LogFilterBar
      resource={resource}
      value={value}
      onChange={(next) => {
        setValue(next);
        seen(filterQuery(resource.logFilters ?? { ranges: [], prefixes: [], values: [] }, next));
      }}
    />
  );
};

describe('the filter bar of a log', () => {
  it('offers the declared filters, labelled, and turns them into the list query', async () => {
    const resource = shape('auditEvent');
    const queries: Record<string, unknown>[] = [];
    render(<Bar resource={resource} seen={(query) => queries.push(query)} />);
    const bar = screen.getByRole('group', { name: 'Filters' });
    expect(within(bar).getByRole('searchbox', { name: 'Event' })).toBeTruthy();
    expect(within(bar).getByRole('combobox', { name: 'Result' })).toBeTruthy();

    fireEvent.change(within(bar).getByRole('searchbox', { name: 'Event' }), { target: { value: 'Token.' } });
    fireEvent.keyDown(within(bar).getByRole('searchbox', { name: 'Event' }), { key: 'Enter', code: 'Enter' });
    expect(queries.at(-1)).toEqual({ keyPrefix: 'Token.' });

    // Several results at once: the parameter is repeated.
    fireEvent.mouseDown(within(bar).getByRole('combobox', { name: 'Result' }));
    await act(async () => {
      fireEvent.click(await screen.findByTitle('Success'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByTitle('Error'));
    });
    expect(queries.at(-1)).toEqual({ keyPrefix: 'Token.', results: ['Success', 'Error'] });
  });

  it('sends a time range as its two bounds in milliseconds', () => {
    const model = shape('auditEvent').logFilters;
    expect(model).toBeDefined();
    const query = filterQuery(model ?? { ranges: [], prefixes: [], values: [] }, {
      ...emptyFilters(),
      ranges: { startTime: [1_000, 2_000] },
    });
    expect(query).toEqual({ startTime: '1000', endTime: '2000' });
  });
});

/** A fake log API: 25 entries newest first, in keyset pages of the requested size, and each entry by id. */
const logApi = () => {
  const entries = Array.from({ length: 25 }, (_, i) => ({
    id: `e${String(25 - i).padStart(2, '0')}`,
    key: `Interaction.Step${String(25 - i).padStart(2, '0')}`,
    result: 'Success',
    payload: { ip: '192.0.2.1' },
    createdAt: 1_700_000_000_000 - i * 60_000,
  }));
  const urls: string[] = [];
  const fetch = async (url: string) => {
    urls.push(url);
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
    const id = pathname.split('/')[3];
    if (id) {
      const entry = entries.find((item) => item.id === id);
      return entry ? json(entry) : json({ message: 'Not found', code: 'entity.not_exists_with_id' }, 404);
    }
    const size = Number(searchParams.get('page_size'));
    const cursor = searchParams.get('cursor') ?? '';
    const start = cursor ? entries.findIndex((item) => item.id === cursor) + 1 : 0;
    const page = entries.slice(start, start + size);
    const more = start + size < entries.length;
    return json(page, 200, more ? { 'Next-Cursor': page.at(-1)?.id ?? '' } : {});
  };
  return { urls, fetch };
};

describe('the log page', () => {
  it('pages by cursor (Older, Newer) and opens an entry by id', async () => {
    const resource = shape('auditEvent');
    const api = logApi();
    const dataProvider = createDataProvider({
      apiPaths: { auditEvent: resource.apiPath },
      baseUrl: '/api',
      fetch: api.fetch,
    });
    const router = createMemoryRouter(
      [
        {
          path: '/audit-events',
          element: (
            <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
              <LogList resource={resource} />
            </Refine>
          ),
        },
        {
          path: '/audit-events/:id',
          element: (
            <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
              <LogDetail resource={resource} />
            </Refine>
          ),
        },
      ],
      { initialEntries: ['/audit-events'] },
    );
    render(<RouterProvider router={router} />);
    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect(await within(table).findByText('Interaction.Step25')).toBeTruthy();
    expect(api.urls[0]).toBe('/api/audit-events?page_size=20&cursor=');
    const newer = screen.getByRole('button', { name: /Newer/ }) as HTMLButtonElement;
    expect(newer.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Older/ }));
    expect(await within(table).findByText('Interaction.Step05')).toBeTruthy();
    expect(api.urls.at(-1)).toBe('/api/audit-events?page_size=20&cursor=e06');
    expect((screen.getByRole('button', { name: /Older/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Newer/ }));
    expect(await within(table).findByText('Interaction.Step25')).toBeTruthy();

    fireEvent.click(within(table).getByText('Interaction.Step25'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit-events/e25'));
    expect(await screen.findByText(/192\.0\.2\.1/)).toBeTruthy();
    expect(api.urls.at(-1)).toBe('/api/audit-events/e25');
  });
});
