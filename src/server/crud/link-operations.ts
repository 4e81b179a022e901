import { addedField, bulkFormKey, type LinkedRelation, type ReachedLinks } from '../../shared/descriptor.js';
import type { ErrorCode } from '../../shared/error-codes.js';
import type { Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { columnOf } from './columns.js';
import type { RequestContext } from './context.js';
import type { EntityOperations, LinkedSide, LinkListQuery, LinkOperations } from './contracts.js';
import { linkAnnouncements } from './link-announcements.js';
import { namedIds } from './link-names.js';
import {
  findLinkRow,
  link,
  linkedIds,
  linkedOfEach,
  listLinked,
  listReached,
  unlink,
  unlinkMany,
} from './link-repository.js';
import type { OperationDeps } from './operation-deps.js';
import { overrideOf } from './overrides.js';
import type { OpenWrite } from './pipeline.js';
import type { Entity } from './repository.js';
import { withLinkSummaries } from './summaries.js';

/** The item without the named fields. */
const omit = (item: Entity, names: string[]): Entity =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !names.includes(name)));

/** The links of one entity (see `LinkOperations`), through the repositories of the relation entities. */
export class GenericLinkOperations implements LinkOperations {
  private readonly operationsOf: (name: string) => EntityOperations;

  constructor(
    private readonly owner: EntityOperations,
    private readonly deps: OperationDeps,
  ) {
    this.operationsOf = deps.operationsOf;
  }

  relation(name: string): LinkedSide {
    const relation = this.owner.model.relations.find(
      (r): r is LinkedRelation => r.kind === 'linked' && r.name === name,
    );
    if (!relation) throw new Error(`${this.owner.model.name} has no relation ${name}`);
    return { relation, target: this.operationsOf(relation.target), through: this.operationsOf(relation.through) };
  }

  /**
   * The item (or membership) links start from. When the tenant has none with this key: the side's
   * `sourceMissingCode` if it has one (the item's own 404 code: its 404, as a route that looks the item up first);
   * else for an assignment its `unknownCode`, for an unlinking its `missingLinkCode` (Logto checks neither side
   * there, the link is just not found); else the item's 404.
   */
  private async source(
    tx: Queryable,
    context: RequestContext,
    relation: LinkedRelation,
    key: string[],
    use: 'list' | 'link' | 'unlink' = 'list',
  ) {
    const { model, repository } = this.owner;
    const found = model.sides
      ? await findLinkRow(tx, repository, context.tenantId, relation.sourceKeys, key)
      : await repository.find(tx, { tenantId: context.tenantId }, key[0] ?? '');
    if (found) return found;
    const code =
      relation.sourceMissingCode ??
      (use === 'link' ? relation.unknownCode : use === 'unlink' ? relation.missingLinkCode : undefined);
    const notFound = this.owner.notFound(key.join('/'), undefined, 'get');
    // A code that is the item's own 404 answers it with the item's name and id.
    if (code && code !== notFound.code) throw new ApiError(code as ErrorCode);
    throw notFound;
  }

  /** A missing item named by an assignment: the relation's `unknownCode` (422) where it has one, or its 404. */
  private unknown(relation: LinkedRelation, linking: boolean, notFound: () => ApiError) {
    return linking && relation.unknownCode ? new ApiError(relation.unknownCode as ErrorCode) : notFound();
  }

  async list(context: RequestContext, name: string, key: string[], query: LinkListQuery) {
    const { relation, target, through } = this.relation(name);
    return this.owner.read(context, async (tx) => {
      await this.source(tx, context, relation, key);
      const nestedFilters = (query.nestedFilters ?? []).map(({ relation: nested, id }) => ({
        relation: through.links.relation(nested).relation,
        id,
      }));
      const result = await listLinked(
        tx,
        target.repository,
        relation,
        context.tenantId,
        key,
        query,
        through.repository,
        nestedFilters,
      );
      for (const embed of relation.embed ?? []) {
        const embedded = this.operationsOf(embed.target);
        const ids = [...new Set(result.items.map((item) => item[embed.foreignKey] as string))];
        const found = new Map((await embedded.repository.findMany(tx, context.tenantId, ids)).map((e) => [e.id, e]));
        for (const item of result.items) item[embed.property] = found.get(item[embed.foreignKey] as string) ?? null;
      }
      for (const spec of relation.nested ?? []) {
        const nested = through.links.relation(spec.relation);
        const ids = result.items.map((item) => item.id as string);
        const { repository } = nested.target;
        const found = await linkedOfEach(tx, repository, relation, nested.relation, context.tenantId, key, ids);
        const pick = (entity: Entity) => Object.fromEntries(spec.fields.map((field) => [field, entity[field] ?? null]));
        for (const item of result.items) item[spec.property] = (found.get(item.id as string) ?? []).map(pick);
      }
      // The target's list summaries (a role's users and applications counts), as its own list answers them: one
      // statement for the page.
      const repositoryOf = (entity: string) => this.operationsOf(entity).repository;
      const items = await withLinkSummaries(target.repository, tx, context.tenantId, result.items, repositoryOf);
      // As the target's own list presents them (its `afterRead`), without its secrets (`x-secret`: answered where the
      // item itself is read, never in another entity's lists, as Logto's organization applications carry no secret).
      const secrets = Object.entries(target.model.schema.properties ?? {})
        .filter(([, property]) => property['x-secret'] === true)
        .map(([name]) => name);
      const shown = await target.present(tx, context, items);
      return { ...result, items: secrets.length > 0 ? shown.map((item) => omit(item, secrets)) : shown };
    });
  }

  async linkIn(
    tx: Queryable,
    context: RequestContext,
    relation: LinkedRelation,
    source: Entity,
    key: string[],
    targetIds: string[],
    attributes: Entity = {},
  ): Promise<{ targets: Entity[]; added: string[] }> {
    const target = this.operationsOf(relation.target);
    const existing =
      relation.existing === 'skip' ? new Set(await linkedIds(tx, relation, context.tenantId, key)) : null;
    const wanted = existing ? [...new Set(targetIds)].filter((id) => !existing.has(id)) : targetIds;
    const found = await target.repository.findMany(tx, context.tenantId, wanted);
    // The relation's own hook sees links made from either side; a side's hook, the links made from it.
    const hook =
      this.operationsOf(relation.through).model.serverHooks.beforeLink ?? this.owner.model.serverHooks.beforeLink;
    if (hook && wanted.length > 0) {
      await overrideOf(this.deps.overrides, hook, 'beforeLink').run(
        { source, relation, targetIds: wanted, targets: found },
        {
          tenantId: context.tenantId,
          db: tx,
          model: this.owner.model,
          context,
          modelOf: (name) => this.operationsOf(name).model,
        },
      );
    }
    const missing = wanted.find((targetId) => !found.some((entity) => entity.id === targetId));
    if (missing) throw this.unknown(relation, true, () => target.notFound(missing));
    const through = this.operationsOf(relation.through).repository;
    const values = Object.entries(attributes).map(([field, value]) => {
      const column = through.model.columns.find((c) => c.property === field);
      return {
        column: columnOf(through.model, field),
        type: column?.sqlType ?? 'text',
        value: through.toValue(field, value),
      };
    });
    const linked = await link(tx, relation, context.tenantId, key, wanted, values);
    const duplicate = existing ? undefined : wanted.find((targetId) => !linked.includes(targetId));
    // The transaction rolls back: a request naming one linked target links none of them.
    if (duplicate) throw new ApiError(relation.duplicateCode as ErrorCode, { id: duplicate });
    return { targets: found, added: wanted.filter((id) => linked.includes(id)) };
  }

  async link(context: RequestContext, name: string, key: string[], body: unknown, join?: OpenWrite): Promise<unknown> {
    const { relation } = this.relation(name);
    this.deps.validation.assertValid(this.owner.model.assignForms[name]?.validatorKey, body);
    const ids = (body as Record<string, string[]>)[relation.assignField] ?? [];
    // The relation's attributes the body sets; the others take their defaults.
    const attributes = Object.fromEntries(
      Object.entries(body as Entity).filter(([field]) => relation.assignAttributes.includes(field)),
    );
    const write = this.owner.write('link', context, { id: key.join('/'), relation: name, targetIds: ids });
    const { targets, added, asked } = await this.deps.pipeline.run(write, {
      join,
      work: async (tx) => {
        const source = await this.source(tx, context, relation, key, 'link');
        const asked = await namedIds(tx, context, this.operationsOf(relation.target).repository, relation, ids, body);
        const made = await this.linkIn(tx, context, relation, source, key, asked, attributes);
        write.announcements = linkAnnouncements(relation, key, made.added, []);
        return { ...made, asked };
      },
    });
    if (relation.assignAnswer === 'ids')
      return { [relation.assignField]: ids, [addedField(relation.assignField)]: added };
    if (relation.assignAnswer === 'asked') return { [relation.assignField]: asked };
    if (relation.assignAnswer === 'status') return undefined;
    return targets;
  }

  async replace(context: RequestContext, name: string, key: string[], body: unknown): Promise<unknown> {
    const { relation } = this.relation(name);
    this.deps.validation.assertValid(this.owner.model.replaceForms?.[name]?.validatorKey, body);
    const asked = [...new Set((body as Record<string, string[]>)[relation.assignField] ?? [])];
    const write = this.owner.write('link', context, { id: key.join('/'), relation: name, targetIds: asked });
    let ids = asked;
    await this.deps.pipeline.run(write, {
      work: async (tx) => {
        const source = await this.source(tx, context, relation, key, 'link');
        ids = await namedIds(tx, context, this.operationsOf(relation.target).repository, relation, asked, body);
        const current = await linkedIds(tx, relation, context.tenantId, key);
        const stale = current.filter((id) => !ids.includes(id));
        await unlinkMany(tx, relation, context.tenantId, key, stale);
        const { added } = await this.linkIn(tx, context, { ...relation, existing: 'skip' }, source, key, ids);
        write.announcements = linkAnnouncements(relation, key, added, stale);
      },
    });
    return { [relation.assignField]: ids };
  }

  /**
   * A bulk assignment below a relation (`POST /organizations/{id}/users/roles`): the ids of the nested relation's
   * assignment field linked to each link named by the relation's own (`userIds`), all in one transaction. A link
   * that does not exist answers the nested relation's `unknownCode`; links made already are left as they are.
   */
  async linkEach(context: RequestContext, name: string, key: string[], nestedName: string, body: unknown) {
    const { relation, through } = this.relation(name);
    const nested = through.links.relation(nestedName).relation;
    this.deps.validation.assertValid(this.owner.model.assignForms[bulkFormKey(relation, nested)]?.validatorKey, body);
    const fields = body as Record<string, string[]>;
    const ids = fields[nested.assignField] ?? [];
    const keys = (through.model.sides ?? []).flatMap((side) => side.keys);
    const write = this.owner.write('link', context, { id: key.join('/'), relation: name, targetIds: ids });
    await this.deps.pipeline.run(write, {
      work: async (tx) => {
        for (const targetId of new Set(fields[relation.assignField] ?? [])) {
          const values: Record<string, string> = { [relation.targetKey]: targetId };
          relation.sourceKeys.forEach((field, i) => {
            values[field] = key[i] ?? '';
          });
          const linkKey = keys.map((field) => values[field] ?? '');
          const source = await findLinkRow(tx, through.repository, context.tenantId, keys, linkKey);
          if (!source) throw new ApiError((nested.unknownCode ?? nested.sourceMissingCode) as ErrorCode);
          await through.links.linkIn(tx, context, { ...nested, existing: 'skip' }, source, linkKey, ids);
        }
      },
    });
  }

  reached(name: string, reach: ReachedLinks) {
    return this.relation(name).target.links.relation(reach.relation);
  }

  /**
   * The items the source's linked items reach through their own relation, once each (a member's scopes). A source
   * that does not exist answers as its links' list does (the descriptor's membership error code).
   */
  async reach(context: RequestContext, name: string, key: string[], reach: ReachedLinks): Promise<Entity[]> {
    const { relation } = this.relation(name);
    const next = this.reached(name, reach);
    return this.owner.read(context, async (tx) => {
      await this.source(tx, context, relation, key);
      return listReached(tx, next.target.repository, relation, next.relation, context.tenantId, key);
    });
  }

  async unlink(context: RequestContext, name: string, key: string[], targetId: string): Promise<void> {
    const { relation, target } = this.relation(name);
    const write = this.owner.write('unlink', context, { id: key.join('/'), relation: name, targetIds: [targetId] });
    await this.deps.pipeline.run(write, {
      work: async (tx) => {
        await this.source(tx, context, relation, key, 'unlink');
        if (!(await unlink(tx, relation, context.tenantId, key, targetId))) {
          throw relation.missingLinkCode
            ? new ApiError(relation.missingLinkCode as ErrorCode)
            : target.notFound(targetId);
        }
        write.announcements = linkAnnouncements(relation, key, [], [targetId]);
      },
    });
  }
}
