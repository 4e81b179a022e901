/** The requests of the users benchmark, and the goals each is held to. */
import type { Scenario } from './load.js';
import { logUserIndex, userId } from './user-seed.js';

export const PAGE_SIZE = 20;
/** A surname: one user in 136 has it (0.7%), in their name, username and email. */
export const FEW_TERM = 'nakamura';
/** A mail domain a third of the users have. */
export const MANY_TERM = 'gmail';
const SAMPLES = 100;

/** The frequent term's search with Logto's exact total, and with `Prefer: count=estimated`. */
export const EXACT_COUNT_LABEL = `search %${MANY_TERM}% (many)`;
export const ESTIMATED_COUNT_LABEL = `search %${MANY_TERM}% (many), count=estimated`;

export interface UserScenario extends Scenario {
  /** The p50 goal on Postgres at full size, in milliseconds. */
  goalMs?: number;
}

const get = (path: string) => ({ method: 'GET' as const, path });
const like = (term: string) => encodeURIComponent(`%${term}%`);

/** `SAMPLES` positions spread evenly over `count`. */
const spread = (count: number) =>
  Array.from({ length: SAMPLES }, (_, k) => Math.min(count - 1, Math.floor((k * count) / SAMPLES)));

/** The user of the `k`-th sampled log entry: a user with entries (spread over the log, so over the users). */
const loggedUsers = (users: number, logs: number) =>
  spread(Math.max(logs, 1))
    .map((i) => logUserIndex(i, users) ?? logUserIndex(i + 1, users) ?? 0)
    .map((i) => userId('a', i));

export const userScenarios = (users: number, logs: number): UserScenario[] => [
  { label: 'list page 1', requests: [get(`/api/users?page=1&page_size=${PAGE_SIZE}`)], goalMs: 20 },
  {
    label: `search %${FEW_TERM}%`,
    requests: [get(`/api/users?search=${like(FEW_TERM)}&page=1&page_size=${PAGE_SIZE}`)],
    goalMs: 50,
  },
  {
    label: EXACT_COUNT_LABEL,
    requests: [get(`/api/users?search=${like(MANY_TERM)}&page=1&page_size=${PAGE_SIZE}`)],
    goalMs: 50,
  },
  {
    label: ESTIMATED_COUNT_LABEL,
    requests: [
      {
        ...get(`/api/users?search=${like(MANY_TERM)}&page=1&page_size=${PAGE_SIZE}`),
        headers: { Prefer: 'count=estimated' },
      },
    ],
    goalMs: 50,
  },
  {
    label: `search.primaryEmail %${FEW_TERM}%`,
    requests: [get(`/api/users?search.primaryEmail=${like(FEW_TERM)}&page=1&page_size=${PAGE_SIZE}`)],
    goalMs: 50,
  },
  {
    label: 'get by id',
    requests: spread(users).map((i) => get(`/api/users/${userId('a', i)}`)),
    goalMs: 5,
  },
  ...(logs > 0
    ? [
        {
          label: 'logs by userId',
          requests: loggedUsers(users, logs).map((id) => get(`/api/logs?userId=${id}&page=1&page_size=${PAGE_SIZE}`)),
          goalMs: 20,
        },
      ]
    : []),
];
