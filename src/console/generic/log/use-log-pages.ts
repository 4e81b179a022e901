import { useDataProvider } from '@refinedev/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleResource } from '../../../shared/descriptor';
import { CURSOR_PARAM } from '../../../shared/entity-kinds';

export const LOG_PAGE_SIZE = 20;

/**
 * Keyset pages of a log, newest first: each page is asked for after the previous page's cursor (`Next-Cursor`), so
 * a page costs its rows however deep it lies, and entries written meanwhile do not shift the pages under way.
 * Going back reuses the cursors already seen.
 */
export const useLogPages = (resource: ConsoleResource, query: Record<string, string | string[]>) => {
  const dataProvider = useDataProvider();
  // The cursors of the pages seen so far: [''] is the newest page.
  const [trail, setTrail] = useState<string[]>(['']);
  const [filterKey, setFilterKey] = useState(JSON.stringify(query));
  const key = JSON.stringify(query);
  if (key !== filterKey) {
    // New filters start again at the newest page.
    setFilterKey(key);
    setTrail(['']);
  }
  const cursor = trail.at(-1) ?? '';
  const result = useQuery({
    queryKey: ['log-page', resource.name, key, cursor],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { custom } = dataProvider();
      if (!custom) throw new Error('The data provider has no custom requests');
      const response = (await custom({
        url: resource.apiPath,
        method: 'get',
        query: { ...query, page_size: LOG_PAGE_SIZE, [CURSOR_PARAM]: cursor },
      })) as { data: Record<string, unknown>[]; nextCursor?: string };
      return { rows: Array.isArray(response.data) ? response.data : [], next: response.nextCursor };
    },
  });
  const next = result.data?.next;
  return {
    query: result,
    rows: result.data?.rows ?? [],
    newer: trail.length > 1 ? () => setTrail((current) => current.slice(0, -1)) : undefined,
    older: next ? () => setTrail((current) => [...current, next]) : undefined,
  };
};
