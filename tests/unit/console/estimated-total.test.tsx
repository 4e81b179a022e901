// @vitest-environment jsdom

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataTable } from '../../../src/console/generic/DataTable';
import { i18n } from '../../../src/console/i18n';
import { createDataProvider } from '../../../src/console/providers/data-provider';
import { stubMatchMedia } from './match-media';

beforeAll(stubMatchMedia);
afterEach(cleanup);

const idle = { isLoading: false, isFetching: false, isError: false, error: undefined, refetch: () => undefined };

/** A table of one page of a large list, its total as the server gave it. */
const renderTable = (total: number, totalEstimated?: boolean) =>
  render(
    <DataTable
      label="Users"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      rows={[{ id: 'u1', name: 'Ada' }]}
      total={total}
      {...(totalEstimated === undefined ? {} : { totalEstimated })}
      query={idle}
      page={1}
      pageSize={20}
      onPageChange={() => undefined}
      empty={{ text: 'No users' }}
    />,
  );

describe('a list’s total', () => {
  it('reads “about …” when the server estimated it, its number in the current language', async () => {
    renderTable(250_000, true);
    expect(screen.getByText('about 250,000 in total')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('de');
    try {
      renderTable(250_000, true);
      expect(screen.getByText('etwa 250.000 insgesamt')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('reads as counted when the server counted it', () => {
    renderTable(41);
    expect(screen.getByText('41 in total')).toBeTruthy();
    expect(screen.queryByText(/about/)).toBeNull();
  });

  it('is asked for as count=estimated, and read as estimated when the server says so', async () => {
    const calls: RequestInit[] = [];
    const answer = (headers: Record<string, string>) => async (_url: string, init?: RequestInit) => {
      calls.push(init ?? {});
      return new Response('[]', {
        headers: { 'Content-Type': 'application/json', 'Total-Number': '250000', ...headers },
      });
    };
    const estimated = createDataProvider({
      apiPaths: { user: '/users' },
      baseUrl: '/api',
      fetch: answer({ 'Total-Number-Is-Estimated': 'true' }),
    });
    expect(await estimated.getList({ resource: 'user' })).toEqual({ data: [], total: 250_000, totalEstimated: true });
    const prefer = (call: number) => (calls[call]?.headers as Record<string, string> | undefined)?.Prefer;
    expect(prefer(0)).toBe('count=estimated');
    const counted = createDataProvider({ apiPaths: { user: '/users' }, baseUrl: '/api', fetch: answer({}) });
    expect(await counted.getList({ resource: 'user' })).toEqual({ data: [], total: 250_000 });
    // A whole list has no total to count.
    await counted.getList({ resource: 'user', pagination: { mode: 'off' } });
    expect(prefer(2)).toBeUndefined();
  });
});
