import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPPED_HEADER } from '../../shared/entity-kinds.js';
import { ESTIMATED_HEADER, PREFERENCE_APPLIED_HEADER } from '../../shared/list-counts.js';
import type { Counting } from '../crud/list-count.js';
import { ApiError } from './api-error.js';
import { preferredCount } from './prefer.js';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export interface Page {
  page: number;
  pageSize: number;
}

const positiveInt = (value: unknown): number | undefined => {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && Number.isSafeInteger(number) ? number : undefined;
};

/**
 * Reads `page` and `page_size` the way Logto does: both start at 1, `page_size` is at most 100. When the list allows
 * it and neither is given, the whole list is returned (`undefined`).
 */
export const readPage = (query: Record<string, unknown>, mode: 'optional' | 'required'): Page | undefined => {
  const { page, page_size: pageSize } = query;
  if (page === undefined && pageSize === undefined && mode === 'optional') return undefined;
  const parsedPage = page === undefined ? 1 : positiveInt(page);
  const parsedSize = pageSize === undefined ? DEFAULT_PAGE_SIZE : positiveInt(pageSize);
  if (!parsedPage || !parsedSize || parsedSize > MAX_PAGE_SIZE) throw new ApiError('guard.invalid_pagination');
  // The rows to skip must be a number the database (and JavaScript) can count exactly.
  if (!Number.isSafeInteger((parsedPage - 1) * parsedSize)) throw new ApiError('guard.invalid_pagination');
  return { page: parsedPage, pageSize: parsedSize };
};

/** A list's total as the page headers tell it. */
export interface PageTotal {
  total: number;
  /** Logto's `enableCap` on logs: counting stopped at the cap. */
  capped?: boolean | undefined;
  /** The planner's estimate rather than a count (`Prefer: count=planned|estimated`). */
  estimated?: boolean | undefined;
  /** The items the page holds: with an estimated total, a full page is what says the next one may hold more. */
  items?: number | undefined;
}

/**
 * How a list counts its total for this request: as its `Prefer` header asks (`count=exact|planned|estimated`, with
 * the server's threshold for `estimated`), or undefined (exactly, and no `Preference-Applied`).
 */
export const readCounting = (request: FastifyRequest, threshold: number): Counting | undefined => {
  const mode = preferredCount(request.headers.prefer);
  return mode ? { mode, threshold } : undefined;
};

/**
 * Sets `Total-Number` and, for paged lists, the RFC 8288 `Link` header (first, prev, next, last). A `capped` total
 * (Logto's `enableCap` on logs: counting stopped at the cap) says so in `Total-Number-Is-Capped`, and its links
 * name no next or last page, which the count cannot know. An `estimated` total says so in
 * `Total-Number-Is-Estimated`; its links name no last page either, and a next one while the page is full. `applied`
 * is the count preference the list honoured (`Preference-Applied: count=…`, RFC 7240).
 */
export const setPageHeaders = (
  request: FastifyRequest,
  reply: FastifyReply,
  { total: given, capped = false, estimated = false, items = 0 }: PageTotal,
  page: Page | undefined,
  applied?: Counting | undefined,
) => {
  // An estimate is never fewer than the entries up to this page (and one more while the page is full): a planner
  // working from stale statistics must not tell a client on page 2 that there is one page.
  const seen = page && items > 0 ? (page.page - 1) * page.pageSize + items + (items >= page.pageSize ? 1 : 0) : 0;
  const total = estimated ? Math.max(given, seen) : given;
  reply.header('Total-Number', String(total));
  if (capped) reply.header(CAPPED_HEADER, 'true');
  if (estimated) reply.header(ESTIMATED_HEADER, 'true');
  if (applied) reply.header(PREFERENCE_APPLIED_HEADER, `count=${applied.mode}`);
  if (!page) return;
  const url = new URL(request.url, 'http://placeholder');
  // Parameters apart from the URL: setting them on `url.searchParams` would write the whole URL again each time.
  const params = new URLSearchParams(url.search);
  const last = Math.max(1, Math.ceil(total / page.pageSize));
  const link = (target: number, rel: string) => {
    params.set('page', String(target));
    params.set('page_size', String(page.pageSize));
    return `<${url.pathname}?${params}>; rel="${rel}"`;
  };
  const known = !capped && !estimated;
  const links = [link(1, 'first')];
  if (page.page > 1) links.push(link(known ? Math.min(page.page - 1, last) : page.page - 1, 'prev'));
  if (known ? page.page < last : estimated && items >= page.pageSize) links.push(link(page.page + 1, 'next'));
  if (known) links.push(link(last, 'last'));
  reply.header('Link', links.join(', '));
};
