import { EXPORT_SEGMENT } from '../src/shared/bulk.js';
import type { EntityModel, LinkedRelation } from '../src/shared/descriptor.js';
import { pascalCase } from './names.js';

/** The API base the console and the tests put before every path (`/api`); an `apiRoot` entity is outside it. */
const API_BASE = '/api';

/** `regenerate-signing-key` → `regenerateSigningKey`. */
const camelCase = (key: string) => {
  const pascal = pascalCase(key);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
};

/** An entity's routes below the API base: its list and item paths and those of its actions and relations. */
export interface EntityApiRoutes {
  list?: string;
  item?: string;
  actions?: Record<string, string>;
  relations?: Record<string, string>;
  /** One link of a relation (`/roles/{id}/users/{userId}`). */
  links?: Record<string, string>;
  /** The bulk export of every item (`/users/export`). */
  export?: string;
}

/**
 * Every entity's routes, as OpenAPI writes them (`/users/{userId}/password`) without the API base; only paths the
 * OpenAPI document holds are named, so each name is a route that exists.
 */
export const apiRoutesOf = (
  models: EntityModel[],
  openApiPaths: readonly string[],
  { root = false }: { root?: boolean } = {},
): Record<string, EntityApiRoutes> => {
  const known = new Set(openApiPaths);
  const exists = (path: string) => known.has(root ? path : `${API_BASE}${path}`);
  const pick = (entries: [string, string][]) => {
    const present = entries.filter(([, path]) => exists(path));
    return present.length ? Object.fromEntries(present) : undefined;
  };
  const routes: Record<string, EntityApiRoutes> = {};
  for (const model of models) {
    if (!model.hasApi || Boolean(model.apiRoot) !== root) continue;
    const base = model.apiPath;
    const idParam =
      model.itemParam ?? (model.idField !== 'id' ? model.idField : model.parent ? `${model.name}Id` : 'id');
    const item = model.kind === 'singleton' ? base : `${base}/{${idParam}}`;
    const relations = model.relations.filter(
      (relation): relation is LinkedRelation => relation.kind === 'linked' && relation.routes !== false,
    );
    const ops = model.operations;
    // The list and item paths are named for the entity's own operations; its actions are named by their keys.
    const entry: EntityApiRoutes = {
      ...(model.kind !== 'singleton' && (ops.list || ops.create || ops.replace) && exists(base) ? { list: base } : {}),
      ...(model.bulk && exists(`${base}/${EXPORT_SEGMENT}`) ? { export: `${base}/${EXPORT_SEGMENT}` } : {}),
      ...((ops.get || ops.update || ops.delete) && exists(item) ? { item } : {}),
      actions: pick(
        model.actions.map((action) => {
          const at = (action.on ?? 'item') === 'item' ? item : base;
          return [camelCase(action.key), action.path ? `${at}/${action.path}` : at];
        }),
      ),
      relations: pick(relations.map((relation) => [relation.name, `${item}/${relation.segment ?? relation.name}`])),
      links: pick(
        relations.map((relation) => [
          relation.name,
          `${item}/${relation.segment ?? relation.name}/{${relation.target}Id}`,
        ]),
      ),
    };
    const defined = Object.entries(entry).filter(([, value]) => value !== undefined);
    if (defined.length) routes[model.name] = Object.fromEntries(defined);
  }
  return routes;
};

/** The generated module: the routes as data (`as const`, so each path's parameters are typed at its call). */
export const apiPathsModule = (models: EntityModel[], openApiPaths: readonly string[], banner: string): string =>
  `${banner}
/**
 * Every entity's API routes below the API base, by entity: \`list\`, \`item\`, \`actions.<key>\`, \`relations.<name>\`
 * and \`links.<name>\` (one link). Fill one with \`apiPath\` (src/shared/api-path.ts):
 * \`apiPath(apiRoutes.user.actions.password, { userId })\` → \`/users/u1/password\`.
 */
export const apiRoutes = ${JSON.stringify(apiRoutesOf(models, openApiPaths), null, 2)} as const;

/** The API base every path of \`apiRoutes\` is below, on the tenant's base URL. */
export const API_BASE = ${JSON.stringify(API_BASE)};

/**
 * The routes of entities served at the tenant's root (\`/me\` on the admin tenant's base URL), not below the API
 * base; filled with \`apiPath\` as \`apiRoutes\` are.
 */
export const rootRoutes = ${JSON.stringify(apiRoutesOf(models, openApiPaths, { root: true }), null, 2)} as const;
`;
