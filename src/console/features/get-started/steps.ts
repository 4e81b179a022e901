import type { ConsoleEntry } from '../../../shared/console-entry';
import type { Access } from '../../access';
import { apiReferenceUrl, docsUrl } from '../../layout/config';
import { findEntry } from '../../registry';
import { feature as dashboard, dashboardLinks } from '../dashboard';

/** One next step: its texts under `get_started.steps.<key>`, and where its button goes. */
export interface Step {
  key: string;
  /** A console route (below `/console`), or a page of the server outside the console. */
  to: { route: string } | { href: string };
}

/** Steps into an entity: its create dialog, or its list when it has none. */
const entitySteps: { key: string; entity: string }[] = [
  { key: 'application', entity: 'application' },
  { key: 'user', entity: 'user' },
  { key: 'api_resource', entity: 'resource' },
  { key: 'role', entity: 'role' },
  { key: 'webhook', entity: 'hook' },
];

const entityRoute = (entry: ConsoleEntry) => `/${entry.route}${entry.pages.create ? '/create' : ''}`;

/**
 * The steps the caller can take: only entities the console has and the caller may write (a create dialog needs the
 * write scopes), then the dashboard when the caller may read it, then the documentation.
 */
export const stepsFor = (access: Pick<Access, 'allows' | 'canWrite'>): Step[] => [
  ...entitySteps.flatMap(({ key, entity }) => {
    const resource = findEntry(entity);
    return resource?.sidebar && access.canWrite(resource) ? [{ key, to: { route: entityRoute(resource) } }] : [];
  }),
  ...(access.allows(dashboard.pages[0].scopes) ? [{ key: 'dashboard', to: { route: dashboardLinks.root() } }] : []),
  { key: 'management_api', to: { href: apiReferenceUrl } },
  { key: 'docs', to: { href: docsUrl } },
];
