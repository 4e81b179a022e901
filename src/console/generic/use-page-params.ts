import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZE = 20;

/**
 * List paging and search kept in the URL as `page` and `keyword`, so reloads and links keep the view; a second list
 * on the page keeps its own under a prefix (`invitations.page`).
 */
export const usePageParams = (scope?: string) => {
  const [params, setParams] = useSearchParams();
  const pageKey = scope ? `${scope}.page` : 'page';
  const keywordKey = scope ? `${scope}.keyword` : 'keyword';
  const rawPage = Number(params.get(pageKey) ?? '1');
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const keyword = params.get(keywordKey) ?? '';

  const update = useCallback(
    (next: { page?: number; keyword?: string }) => {
      setParams(
        (current) => {
          const result = new URLSearchParams(current);
          if (next.keyword !== undefined) {
            if (next.keyword) result.set(keywordKey, next.keyword);
            else result.delete(keywordKey);
          }
          const nextPage = next.page ?? (next.keyword !== undefined ? 1 : page);
          if (nextPage > 1) result.set(pageKey, String(nextPage));
          else result.delete(pageKey);
          return result;
        },
        { replace: false },
      );
    },
    [setParams, page, pageKey, keywordKey],
  );

  return {
    page,
    keyword,
    pageSize: PAGE_SIZE,
    setPage: (value: number) => update({ page: value }),
    setKeyword: (value: string) => update({ keyword: value }),
  };
};
