/**
 * Bulk export of an entity with `bulk: true`: `GET <list path>/export?format=csv|json` streams every item of the
 * tenant, oldest first, read in keyset pages so the server holds one page at a time.
 */
export const EXPORT_SEGMENT = 'export';
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_PAGE_SIZE = 1000;

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** One CSV cell (RFC 4180): text as it is, other values as JSON, quoted where the text needs it. */
export const csvCell = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvLine = (values: unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;
