import type { HookTestBody } from '../../../generated/types.js';
import { generateId } from '../../../server/crud/ids.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { sendTestPayloads } from '../../../server/webhooks/dispatcher.js';
import { executionStats } from './execution-stats.js';

/** Signing keys are the server's to make: 32 random characters, never chosen by the caller. */
const newSigningKey = () => generateId(32);

/**
 * A new hook's events: those given, else the single `event` of Logto's first hook bodies (kept in `event` too, as
 * Logto keeps it); neither is Logto's 400 `hook.missing_events`.
 */
const eventsOf = (values: Record<string, unknown>): unknown[] => {
  const events = Array.isArray(values.events) ? values.events : [];
  if (events.length > 0) return events;
  if (typeof values.event === 'string') return [values.event];
  throw new ApiError('hook.missing_events');
};

export const hookOverrides = {
  'hook.execution-stats': executionStats,
  'hook.generate-signing-key': {
    kind: 'beforeWrite',
    run: (values) => ({ ...values, events: eventsOf(values), signingKey: newSigningKey() }),
  },
  'hook.regenerate-signing-key': {
    kind: 'action',
    // A missing hook is Logto's update of no row: `entity.not_exists`.
    run: async ({ context, id, operations }) => {
      const regenerated = await operations.changeInternal(context, id, () => ({ signingKey: newSigningKey() }));
      if (!regenerated) throw operations.notFound(id, undefined, 'update');
      return regenerated;
    },
  },
  'hook.send-test': {
    kind: 'action',
    run: async ({ context, id, body, operations }) => {
      const hook = await operations.get(context, id);
      const test = body as HookTestBody;
      await sendTestPayloads(id, String(hook.signingKey), test.events, test.config);
    },
  },
} satisfies Record<string, ServerOverride>;
