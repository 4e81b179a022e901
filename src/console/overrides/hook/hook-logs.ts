import type { DataProvider } from '@refinedev/core';
import type { TFunction } from 'i18next';
import type { HookLog as HookLogRecord } from '../../../generated/types';
import type { ConsoleResource } from '../../../shared/descriptor';
import { enumLabelKey } from '../../../shared/text-keys';
import { MAX_PAGE_SIZE } from '../../providers/data-provider';
import { readPath } from '../../registry';

/** What a delivery records: the schema leaves the payload open, the webhook sender writes these fields. */
export interface HookLogPayload {
  result?: 'Success' | 'Error';
  event?: string;
  url?: string;
  attempts?: number;
  request?: { body?: unknown };
  response?: { statusCode?: number; body?: unknown };
  error?: string;
}

/** One delivery of a webhook as `GET /hooks/{id}/recent-logs` lists it (the generated type, payload spelled out). */
export type HookLog = Omit<HookLogRecord, 'payload'> & { payload: HookLogPayload };

/** Refine resource name and path template of a webhook's logs (`{id}` is the webhook's id). */
export const logsResource = (hook: ConsoleResource) => ({
  resource: `${hook.name}.recent-logs`,
  apiPath: `${hook.apiPath}/{id}/recent-logs`,
});

/** `TriggerHook.Role.Created` → `Role.Created`. */
export const logEvent = (log: unknown): string => {
  const event = readPath(log, 'payload.event');
  if (typeof event === 'string' && event) return event;
  return String(readPath(log, 'key') ?? '').replace(/^TriggerHook\./, '');
};

export const eventLabel = (t: TFunction, namespace: string, event: string): string =>
  String(t(enumLabelKey(namespace, 'events', event), { defaultValue: event }));

export const isSuccess = (log: unknown) => readPath(log, 'payload.result') === 'Success';

/** A JSON value, or a string holding JSON, indented for reading; other text as it is. */
export const prettyJson = (value: unknown): string => {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2) ?? '';
};

/**
 * Finds one log of a webhook. The API has no single-log read, so this walks the list (newest first, largest
 * pages) until the log or the end of the list is reached; `null` when the log does not exist.
 */
export const findHookLog = async (
  dataProvider: DataProvider,
  hook: ConsoleResource,
  hookId: string,
  logId: string,
): Promise<HookLog | null> => {
  const { resource, apiPath } = logsResource(hook);
  for (let page = 1; ; page += 1) {
    const { data, total } = await dataProvider.getList<HookLog>({
      resource,
      pagination: { currentPage: page, pageSize: MAX_PAGE_SIZE, mode: 'server' },
      meta: { apiPath, params: { id: hookId } },
    });
    const log = data.find((row) => row.id === logId);
    if (log) return log;
    if (data.length < MAX_PAGE_SIZE || page * MAX_PAGE_SIZE >= total) return null;
  }
};
