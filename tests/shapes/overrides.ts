import { createHash } from 'node:crypto';
import type { ServerOverride } from '../../src/server/crud/overrides.js';
import { ApiError } from '../../src/server/http/api-error.js';

/** A fast digest is enough for a test entity; real secrets (passwords) use argon2id. */
const digest = (code: string) => createHash('sha256').update(code).digest('hex');

/** The write-only `code` becomes the private `codeHash`; the code itself is never stored. */
const hashCode = (values: Record<string, unknown>) => {
  const { code, ...rest } = values;
  return typeof code === 'string' ? { ...rest, codeHash: digest(code) } : rest;
};

/** The overrides the test-only entities name, injected through their catalog. */
export const shapeOverrides = {
  'locker.prepare': { kind: 'beforeWrite', run: (values) => ({ ...hashCode(values), opens: 0 }) },
  'locker.hash-code': { kind: 'beforeWrite', run: (values) => hashCode(values) },
  'locker.open': {
    kind: 'action',
    run: async ({ context, id, body, operations }) => {
      const locker = await operations.get(context, id);
      if (locker.codeHash !== digest(String(body.code))) {
        throw new ApiError('request.invalid_input', { details: 'The code does not open this locker.' });
      }
      return operations.setInternal(context, id, { opens: Number(locker.opens) + 1 });
    },
  },
  'locker.forget-codes': {
    kind: 'action',
    run: async ({ context, operations }) => {
      const { items } = await operations.list(context, {});
      for (const locker of items) await operations.setInternal(context, String(locker.id), { codeHash: null });
    },
  },
  'locker.label': {
    kind: 'action',
    run: async ({ context, id, body, params, operations }) => {
      const locker = await operations.get(context, id);
      return { locker: locker.name, slot: params.slot, text: body.text };
    },
  },
  'lockerStats.read': {
    kind: 'action',
    run: async ({ context, operationsOf }) => {
      const { items } = await operationsOf('locker').list(context, {});
      return { total: items.length, withCode: items.filter((locker) => locker.codeHash !== null).length };
    },
  },
  'lockerStats.label': { kind: 'action', run: async ({ body }) => body.label },
} satisfies Record<string, ServerOverride>;

export const shapeOverrideKeys = Object.keys(shapeOverrides);
