/** The requests of the organizations benchmark and the targets they are held to. */
import type { Scenario } from './load.js';
import { BUSY_USER, LARGE_ORGANIZATION } from './org-seed.js';

/** A surname one seeded user in 136 has, in their name, username and email. */
export const MEMBER_TERM = 'nakamura';

export interface OrgScenario extends Scenario {
  /** The p50 target on Postgres, in milliseconds. */
  goalMs?: number;
}

const get = (path: string) => ({ method: 'GET' as const, path });

export const orgScenarios = (): OrgScenario[] => [
  {
    label: 'members page 1 with roles',
    requests: [get(`/api/organizations/${LARGE_ORGANIZATION}/users?page=1&page_size=20`)],
    goalMs: 20,
  },
  {
    label: `members q=${MEMBER_TERM}`,
    requests: [get(`/api/organizations/${LARGE_ORGANIZATION}/users?q=${MEMBER_TERM}&page=1&page_size=20`)],
  },
  { label: "user's organizations", requests: [get(`/api/users/${BUSY_USER}/organizations`)], goalMs: 20 },
];
