import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Queryable } from '../../../server/db/database.js';
import { dayName, dayStart, daysUpTo, instant, startOfNamedDay } from './days.js';

type Run = Parameters<ActionOverride['run']>[0];

/** How many of a tenant's rows fall on each UTC day of [from, to), by a timestamp column. */
const countsByDay = async (
  tx: Queryable,
  sql: { table: string; column: string; count: string },
  tenantId: string,
  from: number,
  to: number,
): Promise<Map<string, number>> => {
  const { rows } = await tx.query<{ day: string; n: number }>(
    `SELECT to_char(${sql.column} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, ${sql.count}::int AS n
       FROM ${sql.table}
      WHERE tenant_id = $1 AND ${sql.column} >= $2::timestamptz AND ${sql.column} < $3::timestamptz
      GROUP BY 1`,
    [tenantId, instant(from), instant(to)],
  );
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
};

const sum = (counts: Map<string, number>, days: string[]) =>
  days.reduce((total, day) => total + (counts.get(day) ?? 0), 0);

const withDelta = (count: number, previous: number) => ({ count, delta: count - previous });

/** Every user of the tenant, from the users' row counters (the total of the unfiltered list). */
const usersTotal = async ({ context, db, operationsOf }: Run) => {
  const users = operationsOf('user');
  const { total } = await db.withTenant(context.tenantId, (tx) =>
    users.repository.list(tx, { tenantId: context.tenantId }, { page: { page: 1, pageSize: 1 } }),
  );
  return { totalUserCount: total };
};

/** Users created today and in the last 7 days (UTC), each against the period before, as Logto answers. */
const usersNew = async ({ context, db }: Run) => {
  const now = Date.now();
  const counts = await db.withTenant(context.tenantId, (tx) =>
    countsByDay(
      tx,
      { table: 'users', column: 'created_at', count: 'count(*)' },
      context.tenantId,
      dayStart(now, -13),
      dayStart(now, 1),
    ),
  );
  const fourteen = daysUpTo(now, 14);
  const today = counts.get(dayName(now)) ?? 0;
  const yesterday = counts.get(dayName(dayStart(now, -1))) ?? 0;
  return {
    today: withDelta(today, yesterday),
    last7Days: withDelta(sum(counts, fourteen.slice(7)), sum(counts, fourteen.slice(0, 7))),
  };
};

/**
 * Users issued a token: on the date (default today, UTC) against the day before, in the 7 and 30 days up to it
 * against the 7 and 30 days before those, and on each of the 30 days up to it.
 */
const usersActive = async ({ context, db, query }: Run) => {
  const date = typeof query.date === 'string' && query.date ? query.date : dayName(Date.now());
  const target = startOfNamedDay(date);
  const end = dayStart(target, 1);
  const { tenantId } = context;
  return db.withTenant(tenantId, async (tx) => {
    const daily = await countsByDay(
      tx,
      { table: 'daily_active_users', column: 'date', count: 'count(DISTINCT user_id)' },
      tenantId,
      dayStart(target, -29),
      end,
    );
    const params = [tenantId, ...[-6, -13, -29, -59].map((days) => instant(dayStart(target, days))), instant(end)];
    const { rows } = await tx.query<Record<'wau' | 'wau0' | 'mau' | 'mau0', number>>(
      `SELECT count(DISTINCT user_id) FILTER (WHERE date >= $2::timestamptz)::int AS wau,
              count(DISTINCT user_id) FILTER (WHERE date >= $3::timestamptz AND date < $2::timestamptz)::int AS wau0,
              count(DISTINCT user_id) FILTER (WHERE date >= $4::timestamptz)::int AS mau,
              count(DISTINCT user_id) FILTER (WHERE date < $4::timestamptz)::int AS mau0
         FROM daily_active_users
        WHERE tenant_id = $1 AND date >= $5::timestamptz AND date < $6::timestamptz`,
      params,
    );
    const periods = rows[0] ?? { wau: 0, wau0: 0, mau: 0, mau0: 0 };
    const curve = daysUpTo(target, 30).map((day) => ({ date: day, count: daily.get(day) ?? 0 }));
    return {
      dauCurve: curve,
      dau: withDelta(daily.get(date) ?? 0, daily.get(dayName(dayStart(target, -1))) ?? 0),
      wau: withDelta(Number(periods.wau), Number(periods.wau0)),
      mau: withDelta(Number(periods.mau), Number(periods.mau0)),
    };
  });
};

export const dashboardOverrides = {
  'dashboard.users-total': { kind: 'action', run: usersTotal },
  'dashboard.users-new': { kind: 'action', run: usersNew },
  'dashboard.users-active': { kind: 'action', run: usersActive },
} satisfies Record<string, ServerOverride>;
