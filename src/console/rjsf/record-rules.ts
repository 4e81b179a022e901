import { type CustomValidator, deepEquals, type ErrorSchema, type FormValidation } from '@rjsf/utils';
import type { FormModel } from '../../shared/descriptor';
import { type CompiledValidator, recordRuleIssues } from '../../shared/record-rules';
import { type Translate, validationMessage } from './error-messages';
import { pointerToPath } from './server-errors';
import { formValidators as validators } from './validator-table';

type Data = Record<string, unknown>;

interface RecordRulesOptions {
  /** The entity's compiled cross-field rules. */
  rules: FormModel;
  /** The stored record a settings form edits; none for a create form. */
  record?: Data | undefined;
  /** The form's fields on screen: a rule's message shows on one of them or not at all (the server still refuses). */
  shown: string[];
  translate: Translate;
}

/** Equal as JSON: rjsf keeps empty optional fields as `undefined` keys, which a stored record does not have. */
const sameJson = (a: unknown, b: unknown) =>
  deepEquals(a === undefined ? a : JSON.parse(JSON.stringify(a)), b === undefined ? b : JSON.parse(JSON.stringify(b)));

const hasErrors = (schema: ErrorSchema | undefined, path: string[]): boolean => {
  let node = schema as Record<string, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string, unknown> | undefined;
  return Array.isArray(node?.__errors) && node.__errors.length > 0;
};

/**
 * An rjsf `customValidate` that checks the entity's cross-field rules on the record the form would store — the
 * stored record with the form's values over it, or the form's values alone on creation — with the server's rule
 * for records stored before a rule existed (`recordRuleIssues`). A form thus shows the message the server would
 * send, on the same field, for rules that read fields the form does not show (a settings form knows the type).
 */
export const recordRulesValidator =
  ({ rules, record, shown, translate }: RecordRulesOptions): CustomValidator<Data> =>
  (formData, errors, _uiSchema, errorSchema) => {
    const validate = validators[rules.validatorKey] as CompiledValidator | undefined;
    if (!validate) return errors;
    const values = Object.fromEntries(Object.entries(formData ?? {}).filter(([, value]) => value !== undefined));
    const before = record && {
      stored: record,
      sent: Object.fromEntries(Object.entries(values).filter(([name, value]) => !sameJson(value, record[name]))),
    };
    for (const issue of recordRuleIssues(validate, { ...record, ...values }, before)) {
      const path = pointerToPath(issue.path);
      // A value the form already faults keeps its own message.
      if (!path[0] || !shown.includes(path[0]) || hasErrors(errorSchema, path)) continue;
      let node: FormValidation = errors;
      for (const key of path) {
        const next = (node as Record<string, unknown>)[key] as FormValidation | undefined;
        if (!next?.addError) break;
        node = next;
      }
      node.addError(validationMessage(translate, issue.keyword, issue.params, issue.message));
    }
    return errors;
  };
