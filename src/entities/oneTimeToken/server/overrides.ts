import { generateId } from '../../../server/crud/ids.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import { Repository } from '../../../server/crud/repository.js';
import { statusNow } from './status.js';
import { setOneTimeTokenStatus, verifyOneTimeToken } from './verify.js';

/** How long a token lasts when the request does not say (Logto's ten minutes), in seconds. */
const defaultExpiresIn = 10 * 60;

export const oneTimeTokenOverrides = {
  /** The server makes the token and its expiry; this email's active tokens already past theirs are marked expired. */
  'oneTimeToken.prepare': {
    kind: 'beforeWrite',
    run: async ({ expiresIn, ...values }, { db, tenantId, model }) => {
      const stale = await db.query<{ id: string }>(
        `SELECT id FROM one_time_tokens WHERE tenant_id = $1 AND email = $2 AND status = 'active' AND expires_at <= now()`,
        [tenantId, values.email],
      );
      const tokens = new Repository(model);
      for (const { id } of stale.rows) await tokens.update(db, { tenantId }, id, { status: 'expired' });
      const seconds = typeof expiresIn === 'number' ? expiresIn : defaultExpiresIn;
      return { ...values, token: generateId(32), expiresAt: Date.now() + seconds * 1000 };
    },
  },
  'oneTimeToken.present': {
    kind: 'afterRead',
    run: (items) => {
      const now = Date.now();
      return items.map((item) => ({ ...item, status: statusNow(item, now) }));
    },
  },
  'oneTimeToken.verify': { kind: 'action', run: verifyOneTimeToken },
  'oneTimeToken.set-status': { kind: 'action', run: setOneTimeTokenStatus },
} satisfies Record<string, ServerOverride>;
