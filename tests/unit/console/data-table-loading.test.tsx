// @vitest-environment jsdom

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataTable } from '../../../src/console/generic/DataTable';
import '../../../src/console/i18n';
import { stubMatchMedia } from './match-media';

beforeAll(stubMatchMedia);
afterEach(cleanup);

const table = (query: { isLoading: boolean; isFetching: boolean; isPlaceholderData?: boolean }) =>
  render(
    <DataTable
      label="Roles"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      rows={[{ id: 'r1', name: 'Support' }]}
      total={1}
      query={{ ...query, isError: false, error: null, refetch: () => undefined }}
      page={1}
      pageSize={20}
      onPageChange={() => undefined}
      empty={{ text: 'No roles' }}
    />,
  );

const spinning = () => document.querySelector('.ant-spin-spinning');

describe('list table loading', () => {
  it('shows cached rows as they are while they are fetched again', () => {
    table({ isLoading: false, isFetching: true, isPlaceholderData: false });
    expect(screen.getByText('Support')).toBeTruthy();
    expect(spinning()).toBeNull();
  });

  it('is busy while the rows shown belong to the page before', () => {
    table({ isLoading: false, isFetching: true, isPlaceholderData: true });
    expect(spinning()).not.toBeNull();
  });

  it('is busy while nothing has loaded yet', () => {
    table({ isLoading: true, isFetching: true });
    expect(spinning()).not.toBeNull();
  });
});
