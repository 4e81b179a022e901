import type { Queryable } from '../../../server/db/database.js';

export interface CaseConflicts {
  totalConflicts: number;
  samples: { usernameLower: string; userIds: string[] }[];
}

/**
 * Usernames that would collide if compared without case: the number of such groups, and the oldest `limit` groups
 * with their users (Logto's `GET /api/sign-in-exp/username-policy/case-sensitivity-conflicts`).
 */
export const findCaseConflicts = async (tx: Queryable, tenantId: string, limit: number): Promise<CaseConflicts> => {
  const groups = `FROM users WHERE tenant_id = $1 AND username IS NOT NULL GROUP BY lower(username) HAVING count(*) > 1`;
  const { rows: counted } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 ${groups}) c`, [
    tenantId,
  ]);
  const { rows } = await tx.query<{ usernameLower: string; userIds: string[] }>(
    `SELECT lower(username) AS "usernameLower", array_agg(id ORDER BY created_at, id) AS "userIds"
       ${groups} ORDER BY min(created_at) LIMIT $2`,
    [tenantId, limit],
  );
  return { totalConflicts: Number(counted[0]?.n ?? 0), samples: rows };
};
