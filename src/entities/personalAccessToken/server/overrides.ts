import { generateId } from '../../../server/crud/ids.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import { refusePastExpiry } from '../../_shared/future-expiry.js';

/** A personal access token: `pat_` and 32 random characters, as Logto makes them. */
export const newPersonalAccessToken = () => `pat_${generateId(32)}`;

/**
 * A user's personal access tokens. The generic child routes serve list, create, `PATCH …/{name}` and
 * `DELETE …/{name}`; these serve Logto's variants that name the token in the body (safe for any name).
 */
export const personalAccessTokenOverrides = {
  /** The value is the server's to make, and a token cannot be born expired (400, as Logto answers). */
  'personalAccessToken.generate-value': {
    kind: 'beforeWrite',
    run: (values) => {
      refusePastExpiry(values);
      return { ...values, value: newPersonalAccessToken() };
    },
  },
  /** `PATCH /api/users/{userId}/personal-access-tokens` with `{ name, currentName? }`. */
  'personalAccessToken.rename': {
    kind: 'action',
    run: async ({ context, body, params, operations }) => {
      const { name, currentName } = body as { name: string; currentName?: string };
      return operations.update(context, currentName ?? name, { name }, params.userId);
    },
  },
  /** `POST /api/users/{userId}/personal-access-tokens/delete` with `{ name }`. */
  'personalAccessToken.delete': {
    kind: 'action',
    run: async ({ context, body, params, operations }) => {
      await operations.delete(context, String(body.name), params.userId);
      return undefined;
    },
  },
} satisfies Record<string, ServerOverride>;
