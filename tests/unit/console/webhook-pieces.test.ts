// @vitest-environment jsdom

import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderValue } from '../../../src/console/generic/columns';
import { i18n } from '../../../src/console/i18n';
import { createDataProvider } from '../../../src/console/providers/data-provider';
import { requireResource } from '../../../src/console/registry';
import { routes } from '../../../src/console/routes';
import { findHookLog, logEvent, prettyJson } from '../../../src/entities/hook/console/hook-logs';
import { testBody } from '../../../src/entities/hook/console/TestEndpointCard';

const hook = requireResource('hook');

/** A fake API serving `count` logs of a hook, each by id (404 for any other); records the URLs. */
const logsApi = (count: number) => {
  const logs = Array.from({ length: count }, (_, index) => ({
    id: `log-${index + 1}`,
    hookId: 'h1',
    key: 'TriggerHook.Role.Created',
    payload: { result: 'Success' },
    createdAt: 1_700_000_000_000 - index,
  }));
  const urls: string[] = [];
  const fetch = async (url: string) => {
    urls.push(url);
    const id = decodeURIComponent(new URL(url, 'http://localhost').pathname.split('/').at(-1) ?? '');
    const log = logs.find((item) => item.id === id);
    const body = log ?? { message: 'Entity not found', code: 'entity.not_exists_with_id' };
    return new Response(JSON.stringify(body), {
      status: log ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { provider: createDataProvider({ apiPaths: {}, baseUrl: '/api', fetch }), urls };
};

describe('webhook log lookup', () => {
  it('reads the log by id in one request, however deep in the list it lies', async () => {
    const { provider, urls } = logsApi(250);
    const log = await findHookLog(provider, hook, 'h1', 'log-180');
    expect(log?.id).toBe('log-180');
    expect(urls).toEqual(['/api/hooks/h1/recent-logs/log-180']);
  });

  it('answers null when the log does not exist', async () => {
    const { provider, urls } = logsApi(200);
    expect(await findHookLog(provider, hook, 'h1', 'nope')).toBeNull();
    expect(urls).toHaveLength(1);
  });

  it('reads the event from the payload, else from the log key', () => {
    expect(logEvent({ key: 'TriggerHook.Role.Created', payload: { event: 'Role.Created' } })).toBe('Role.Created');
    expect(logEvent({ key: 'TriggerHook.Scope.Deleted', payload: {} })).toBe('Scope.Deleted');
  });

  it('indents JSON values and JSON text, and leaves other text alone', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{"ok":true}')).toBe('{\n  "ok": true\n}');
    expect(prettyJson('Service Unavailable')).toBe('Service Unavailable');
  });
});

describe('webhook test request', () => {
  it('takes the events, URL and headers of the form as typed, not the retries', () => {
    expect(
      testBody({
        name: 'Sync',
        events: ['Role.Created'],
        config: { url: 'http://127.0.0.1:9/hook', headers: { 'X-A': '1' }, retries: 3 },
      }),
    ).toEqual({ events: ['Role.Created'], config: { url: 'http://127.0.0.1:9/hook', headers: { 'X-A': '1' } } });
    expect(testBody({})).toEqual({ events: undefined, config: { url: undefined, headers: undefined } });
  });
});

describe('console routes', () => {
  it('open one webhook delivery below the recent requests tab', () => {
    const matches = matchRoutes(routes, '/webhooks/h1/recent-requests/log-1');
    expect(matches?.at(-1)?.route.path).toBe('webhooks/:id/recent-requests/:itemId');
    expect(matches?.at(-1)?.params).toMatchObject({ id: 'h1', itemId: 'log-1' });
    expect(matchRoutes(routes, '/webhooks/h1/settings')?.at(-1)?.route.path).toBe(':tab');
  });
});

describe('flag tags', () => {
  const resource = requireResource('resource');
  it('tag a set flag with its label and leave an unset one empty', () => {
    const t = i18n.t.bind(i18n);
    expect(renderValue(t, resource, 'isDefault', 'tag', false)).toBeNull();
    const tag = renderValue(t, resource, 'isDefault', 'tag', true) as { props: { children: unknown } };
    expect(tag.props.children).toBe('Default API');
  });
});
