import type { DataProvider } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../console/providers/http';
import { readPath } from '../../../console/registry';
import { apiRoutes } from '../../../generated/api-paths';
import type { HookLog as HookLogRecord } from '../../../generated/types';
import type { ConsoleResource } from '../../../shared/descriptor';
import { enumLabelKey } from '../../../shared/text-keys';

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

/** One delivery of a webhook as `GET` of `apiRoutes.hookLog.list` lists it (the generated type, payload spelled out). */
export type HookLog = Omit<HookLogRecord, 'payload'> & { payload: HookLogPayload };

/** Refine resource name and path template of a webhook's logs (`{hookId}` is the webhook's id). */
export const logsResource = (hook: ConsoleResource) => ({
  resource: `${hook.name}.recent-logs`,
  apiPath: apiRoutes.hookLog.list,
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

/** Reads one log of a webhook by id (`apiRoutes.hookLog.item`); `null` when it does not exist. */
export const findHookLog = async (
  dataProvider: DataProvider,
  hook: ConsoleResource,
  hookId: string,
  logId: string,
): Promise<HookLog | null> => {
  const { resource, apiPath } = logsResource(hook);
  try {
    const { data } = await dataProvider.getOne<HookLog>({
      resource,
      id: logId,
      meta: { apiPath, params: { hookId } },
    });
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  }
};
