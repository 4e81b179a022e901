import type { EntityModel } from '../../shared/descriptor.js';
import type { LinkedRelation } from '../../shared/descriptor-relations.js';
import { type PlanId, planQuotas, withinQuota } from '../../shared/plans.js';
import type { Write } from '../crud/pipeline.js';
import type { QuotaCheck } from '../crud/stages.js';
import type { Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { TenantDirectory } from './directory.js';
import { assertFeatures, needsFeatures } from './plan-features.js';
import { countLinked, countRule, matches, storedValue } from './quota-rules.js';
import { ADMIN_TENANT_ID, DEFAULT_TENANT_ID } from './urls.js';

export { countRule, ruleFilter } from './quota-rules.js';

/**
 * The cloud edition's plan quotas on the write pipeline. An entity's descriptor names the quotas that count its items
 * (`quotas`); a create of an item a rule counts, or a link a relation entity's rule counts (scopes per role), is
 * refused with Logto's `subscription.limit_exceeded` when the tenant already holds the limit. The count runs in the
 * write's own transaction under a lock per tenant and quota, so two writes racing at the limit are serialised and the
 * second sees the first: the limit holds. A write that needs a plan feature (`featureQuotas`) is refused when the plan
 * has it off. The built-in tenants and the server's own writes (seeds) are not limited.
 */

/** One count a write must keep within a limit: `adding` more items of `rule` (per `perValue`). */
interface Counted {
  model: EntityModel;
  rule: NonNullable<EntityModel['quotas']>[number];
  perValue?: unknown;
  adding: (tx: Queryable) => Promise<number>;
}

/** An action creating its entity's item in its own transaction (`POST /saml-applications`). */
const createsItself = (write: Write) => write.kind === 'action' && write.action?.key === 'create';

const linkedRelation = (write: Write): LinkedRelation | undefined =>
  write.kind === 'link'
    ? write.model.relations.find((r): r is LinkedRelation => r.kind === 'linked' && r.name === write.relation)
    : undefined;

/** The counts a write changes: a create's own rules; a link's, from its relation entity's rules. */
const countedBy = (write: Write, modelOf: (name: string) => EntityModel): Counted[] => {
  const { model, values, context } = write;
  if ((write.kind === 'create' || createsItself(write)) && values) {
    return (model.quotas ?? [])
      .filter((rule) => matches(model, values, rule.when) && !(rule.except && matches(model, values, rule.except)))
      .map((rule) => ({
        model,
        rule,
        perValue: rule.per ? storedValue(model, values, rule.per) : undefined,
        adding: async () => 1,
      }));
  }
  const relation = linkedRelation(write);
  if (!relation) return [];
  const through = modelOf(relation.through);
  const targets = [...new Set(write.targetIds ?? [])];
  const source = write.id ?? '';
  return (through.quotas ?? []).flatMap((rule): Counted[] => {
    if (rule.per === undefined || relation.sourceKeys.length !== 1) return [];
    const [sourceKey] = relation.sourceKeys;
    const count = (tx: Queryable, per: string, key: string, ids: string[]) =>
      countLinked(tx, context.tenantId, through, rule, per, key, ids);
    // Linked from the counted side (a role's scopes): the targets not linked yet are added to the source's count.
    if (rule.per === sourceKey) {
      const adding = async (tx: Queryable) => targets.length - (await count(tx, source, relation.targetKey, targets));
      return [{ model: through, rule, perValue: source, adding }];
    }
    // Linked from the other side (a scope's roles): each target not linked yet gains one.
    if (rule.per === relation.targetKey) {
      return targets.map((target) => ({
        model: through,
        rule,
        perValue: target,
        adding: async (tx: Queryable) => 1 - (await count(tx, target, sourceKey ?? '', [source])),
      }));
    }
    return [];
  });
};

const limitedPlans = new WeakMap<object, PlanId>();

export const planQuota = (directory: TenantDirectory, modelOf: (name: string) => EntityModel): QuotaCheck => ({
  async before(write) {
    const { context } = write;
    if (context.edition !== 'cloud' || context.actor.kind === 'system') return;
    if ([ADMIN_TENANT_ID, DEFAULT_TENANT_ID].includes(context.tenantId)) return;
    const features = needsFeatures(write);
    const counts = countedBy(write, modelOf).length > 0 || (createsItself(write) && write.model.quotas);
    if (features.length === 0 && !counts) return;
    const plan = await directory.planOf(context.tenantId);
    if (!plan) return;
    assertFeatures(planQuotas[plan], features);
    limitedPlans.set(write, plan);
  },
  async within(write, tx, started = write) {
    const plan = limitedPlans.get(started);
    if (!plan) return;
    const { context } = write;
    for (const { model, rule, perValue, adding } of countedBy(write, modelOf)) {
      const limit = planQuotas[plan][rule.key];
      if (limit === null) continue;
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `quota:${context.tenantId}:${rule.key}:${perValue ?? ''}`,
      ]);
      const added = await adding(tx);
      if (added <= 0) continue;
      const usage = await countRule(tx, context.tenantId, model, rule, perValue);
      if (!withinQuota(limit, usage + added)) {
        throw new ApiError('subscription.limit_exceeded', {}, { key: rule.key, limit, usage });
      }
    }
  },
});
