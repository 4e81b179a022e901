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
}: {
  resource: string;
  meta?: MetaQuery;
  searchable?: boolean;
}) => {
  const { page, pageSize, keyword, setPage, setKeyword } = usePageParams();
  const { result, query } = useList<Row>({
    resource,
    ...(meta ? { meta } : {}),
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters: searchable && keyword ? [{ field: SEARCH_FIELD, operator: 'contains', value: keyword }] : [],
  });
  return {
    keyword,
    setKeyword,
    table: { rows: result.data, total: result.total ?? 0, query, page, pageSize, onPageChange: setPage },
  };
};
