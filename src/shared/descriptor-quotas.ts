import type { RecordCondition } from './descriptor-relations.js';
import type { BooleanQuotaKey, NumericQuotaKey } from './plans.js';

/**
 * A plan quota counting an entity's items (`applicationsLimit`): those matching `when` and not `except`, per tenant
 * or per value of `per` (scopes per resource).
 */
export interface QuotaRule {
  key: NumericQuotaKey;
  when?: RecordCondition | BranchCondition;
  except?: RecordCondition;
  per?: string;
}

/**
 * Items whose discriminated field's branch, chosen by the sibling `field` (a connector's `connectorId`), carries these
 * `x-meta` values: the social connectors are the connectors of a factory of type `Social`.
 */
export interface BranchCondition {
  field: string;
  branch: Record<string, string | number | boolean>;
}

/**
 * A plan feature (a boolean quota) a write needs: a write of one of the named operations or actions (`update`,
 * `upsert`), and if `when` is given, only one whose body sets that path (dotted) to a value that turns the feature on
 * (`true`, or an array or object that is not empty). Refused with Logto's 403 `subscription.limit_exceeded` when the
 * tenant's plan has the feature off.
 */
export interface FeatureQuotaRule {
  key: BooleanQuotaKey;
  on: string[];
  when?: string;
}
