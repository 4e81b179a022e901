import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZE = 20;

/** List paging and search kept in the URL as `page` and `keyword`, so reloads and links keep the view. */
export const usePageParams = () => {
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get('page') ?? '1');
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const keyword = params.get('keyword') ?? '';

  const update = useCallback(
    (next: { page?: number; keyword?: string }) => {
      setParams(
        (current) => {
          const result = new URLSearchParams(current);
          if (next.keyword !== undefined) {
            if (next.keyword) result.set('keyword', next.keyword);
            else result.delete('keyword');
          }
          const nextPage = next.page ?? (next.keyword !== undefined ? 1 : page);
          if (nextPage > 1) result.set('page', String(nextPage));
          else result.delete('page');
          return result;
        },
        { replace: false },
      );
    },
    [setParams, page],
  );

  return {
    page,
    keyword,
    pageSize: PAGE_SIZE,
    setPage: (value: number) => update({ page: value }),
    setKeyword: (value: string) => update({ keyword: value }),
  };
};
