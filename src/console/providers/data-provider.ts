import type { BaseRecord, CrudFilter, DataProvider, GetListParams, GetListResponse } from '@refinedev/core';
import { API_BASE } from '../../generated/api-paths';
import type { SearchQuery } from '../../shared/descriptor-lists';
import { NEXT_CURSOR_HEADER } from '../../shared/entity-kinds';
import { ESTIMATED_HEADER } from '../../shared/list-counts';
import { joinId, resolveApiPath } from './api-path';
import { ApiError, createHttpClient, type HttpOptions, MISSING_TOTAL_NUMBER } from './http';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_FIELD = 'search';

export interface DataProviderOptions extends HttpOptions {
  /** Refine resource name → API path below the base URL, e.g. `role` → `/roles`. */
  apiPaths: Record<string, string>;
  /** Singleton resources: read and updated at their path, without an id. */
  singletons?: readonly string[];
  /** Lists searched otherwise than `search=%keyword%`, by resource (Logto's `q`); `meta.search` overrides it. */
  searches?: Record<string, SearchQuery>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Management API search matches substrings with SQL-like wildcards: `keyword` becomes `%keyword%`. */
export const toSearchValue = (keyword: string): string => `%${keyword}%`;

const defaultSearch: SearchQuery = { param: SEARCH_FIELD, match: 'pattern' };

const appendFilters = (query: URLSearchParams, filters: CrudFilter[] | undefined, search = defaultSearch) => {
  for (const filter of filters ?? []) {
    if (!('field' in filter) || filter.value === undefined || filter.value === null || filter.value === '') continue;
    if (filter.field === SEARCH_FIELD || filter.operator === 'contains') {
      const keyword = String(filter.value);
      query.set(search.param, search.match === 'contains' ? keyword : toSearchValue(keyword));
    } else if (filter.operator === 'eq') {
      query.set(filter.field, String(filter.value));
    }
  }
};

export const createDataProvider = (options: DataProviderOptions): DataProvider => {
  const http = createHttpClient(options);
  const pathOf = (resource: string, meta?: Record<string, unknown>) => {
    const template = options.apiPaths[resource];
    if (template === undefined && typeof meta?.apiPath !== 'string') {
      throw new ApiError(`Unknown resource "${resource}"`, 0);
    }
    return resolveApiPath(template ?? '', meta);
  };
  const itemPath = (resource: string, id: string | number, meta?: Record<string, unknown>) =>
    options.singletons?.includes(resource) ? pathOf(resource, meta) : joinId(pathOf(resource, meta), id);

  return {
    getApiUrl: () => options.baseUrl ?? API_BASE,

    getList: async <TData extends BaseRecord = BaseRecord>({ resource, pagination, filters, meta }: GetListParams) => {
      const query = new URLSearchParams();
      const paged = pagination?.mode !== 'off';
      if (paged) {
        const page = Math.max(1, Math.floor(pagination?.currentPage ?? 1));
        const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pagination?.pageSize ?? DEFAULT_PAGE_SIZE)));
        query.set('page', String(page));
        query.set('page_size', String(pageSize));
      }
      const search = (meta?.search as SearchQuery | undefined) ?? options.searches?.[resource];
      appendFilters(query, filters, search);
      // A page's total need not read every match: above a threshold the server may answer its estimate, and says so.
      const { data, headers } = await http<TData[]>({
        method: 'GET',
        path: pathOf(resource, meta),
        query,
        ...(paged ? { headers: { Prefer: 'count=estimated' } } : {}),
      });
      const list = Array.isArray(data) ? data : [];
      const totalHeader = headers.get('Total-Number');
      if (paged && (totalHeader === null || totalHeader.trim() === '' || Number.isNaN(Number(totalHeader)))) {
        throw new ApiError(MISSING_TOTAL_NUMBER, 200);
      }
      const response: GetListResponse<TData> = { data: list, total: paged ? Number(totalHeader) : list.length };
      if (paged && headers.get(ESTIMATED_HEADER) === 'true') response.totalEstimated = true;
      return response;
    },

    getOne: async ({ resource, id, meta }) => {
      const { data } = await http({ method: 'GET', path: itemPath(resource, id, meta) });
      return { data: data as never };
    },

    create: async ({ resource, variables, meta }) => {
      const { data } = await http({ method: 'POST', path: pathOf(resource, meta), body: variables });
      return { data: (data ?? {}) as never };
    },

    update: async ({ resource, id, variables, meta }) => {
      const { data } = await http({ method: 'PATCH', path: itemPath(resource, id, meta), body: variables });
      return { data: (data ?? {}) as never };
    },

    deleteOne: async ({ resource, id, meta }) => {
      const { data } = await http({ method: 'DELETE', path: joinId(pathOf(resource, meta), id) });
      return { data: (data ?? { id }) as never };
    },

    custom: async ({ url, method, payload, query, headers, meta }) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
        // A list repeats its parameter (`results=Success&results=Error`).
        for (const item of Array.isArray(value) ? value : [value]) {
          if (item !== undefined && item !== null) search.append(key, String(item));
        }
      }
      const { data, headers: responseHeaders } = await http({
        method: method.toUpperCase() as Method,
        path: resolveApiPath(url, meta),
        query: search,
        body: payload ?? undefined,
        headers: headers as Record<string, string> | undefined,
      });
      const total = responseHeaders.get('Total-Number');
      // Keyset pages of a log name the next page's cursor.
      const nextCursor = responseHeaders.get(NEXT_CURSOR_HEADER);
      return {
        data: (data ?? {}) as never,
        ...(total === null ? {} : { total: Number(total) }),
        ...(nextCursor === null ? {} : { nextCursor }),
      };
    },
  };
};
