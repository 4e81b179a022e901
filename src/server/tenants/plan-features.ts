import type { BooleanQuotaKey, PlanQuota } from '../../shared/plans.js';
import type { Write } from '../crud/pipeline.js';
import { ApiError } from '../http/api-error.js';

/**
 * The plan features (boolean quotas) a write needs, from its entity's `featureQuotas`: a rule applies to the
 * operations and actions it names, and with `when` only to a write whose body turns that path on (true, or a list or
 * an object that is not empty), as Logto guards MFA only when factors are set.
 */

const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (found, key) => (found && typeof found === 'object' ? (found as Record<string, unknown>)[key] : undefined),
      value,
    );

const turnedOn = (value: unknown): boolean =>
  value === true ||
  (Array.isArray(value) && value.length > 0) ||
  (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0);

/** What a write is called in a rule's `on`: its action's key, or the operation (create, update, delete). */
const operationOf = (write: Write): string => (write.kind === 'action' ? (write.action?.key ?? '') : write.kind);

export const needsFeatures = (write: Write): BooleanQuotaKey[] => {
  const rules = write.model.featureQuotas ?? [];
  if (rules.length === 0) return [];
  const operation = operationOf(write);
  const body = write.kind === 'action' ? write.body : write.values;
  const needed = rules.filter((rule) => rule.on.includes(operation) && (!rule.when || turnedOn(at(body, rule.when))));
  return [...new Set(needed.map((rule) => rule.key))];
};

/** Logto's answer to a feature the plan lacks: 403 `subscription.limit_exceeded` naming the key. */
export const assertFeatures = (quota: PlanQuota, features: BooleanQuotaKey[]) => {
  const missing = features.find((key) => quota[key] === false);
  if (missing) throw new ApiError('subscription.limit_exceeded', {}, { key: missing });
};
