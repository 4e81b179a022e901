import { type MetaQuery, useList } from '@refinedev/core';
import { SEARCH_FIELD } from '../providers/data-provider';
import type { Row } from './DataTable';
import { usePageParams } from './use-page-params';

/**
 * One server-paged list: the page and search keyword kept in the URL, the records of that page, and the props a
 * `DataTable` shows them with (`<DataTable {...list.table} … />`).
 */
export const usePagedList = ({
  resource,
  meta,
  searchable = true,
  filters = {},
  scope,
}: {
  resource: string;
  meta?: MetaQuery;
  searchable?: boolean;
  /** Exact-match list filters (query parameter → value), e.g. the organization whose invitations are listed. */
  filters?: Record<string, string>;
  /** Where the URL keeps this list's page and keyword when another list shares the page. */
  scope?: string;
}) => {
  const { page, pageSize, keyword, setPage, setKeyword } = usePageParams(scope);
  const { result, query } = useList<Row>({
    resource,
    ...(meta ? { meta } : {}),
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters: [
      ...Object.entries(filters).map(([field, value]) => ({ field, operator: 'eq' as const, value })),
      ...(searchable && keyword ? [{ field: SEARCH_FIELD, operator: 'contains' as const, value: keyword }] : []),
    ],
  });
  return {
    keyword,
    setKeyword,
    table: {
      rows: result.data,
      total: result.total ?? 0,
      totalEstimated: result.totalEstimated === true,
      query,
      page,
      pageSize,
      onPageChange: setPage,
    },
  };
};
