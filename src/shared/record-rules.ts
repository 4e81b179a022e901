import type { ErrorObject } from 'ajv';
import type { InputIssue } from './input-issue.js';

type Data = Record<string, unknown>;
/** A compiled validator (ajv standalone), as `src/generated/validators.js` holds them. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** JSON pointer of the value an ajv error is about (for `required`, the missing property itself). */
export const issuePath = (error: ErrorObject): string => {
  const { params } = error as ErrorObject & { params: Record<string, unknown> };
  if (error.keyword === 'required') return `${error.instancePath}/${String(params.missingProperty)}`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${String(params.additionalProperty)}`;
  return error.instancePath;
};

/** Every rule a record breaks, each at the value it is about (ajv's summary "must match then" is left out). */
const issuesOf = (validate: CompiledValidator, record: Data): InputIssue[] => {
  if (validate(record)) return [];
  return (validate.errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map((error) => ({
      path: issuePath(error),
      keyword: error.keyword,
      message: error.message ?? 'is invalid',
      params: error.params as Record<string, unknown>,
    }));
};

/** The top-level field a JSON pointer lies in (`/oidcClientMetadata/redirectUris/0` → `oidcClientMetadata`). */
const fieldOf = (pointer: string) => (pointer.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');

const keyOf = (issue: InputIssue) => `${issue.path}\u0000${issue.keyword}\u0000${JSON.stringify(issue.params)}`;

/**
 * Where a record breaks its entity's cross-field rules (the entity's record validator). For a new record, every
 * issue counts. For an update (`before`: the stored record and the fields the request sends, which replace whole
 * top-level values), an issue counts when it lies in a field the request sends or when the stored record did not
 * have it yet: a value stored before a rule existed does not block unrelated changes, but it is checked again as
 * soon as it is sent, and a change elsewhere that breaks a rule (a new type) is refused.
 */
export const recordRuleIssues = (
  validate: CompiledValidator,
  record: Data,
  before?: { stored: Data; sent: Data },
): InputIssue[] => {
  const issues = issuesOf(validate, record);
  if (!before || issues.length === 0) return issues;
  const existing = new Set(issuesOf(validate, before.stored).map(keyOf));
  return issues.filter((issue) => Object.hasOwn(before.sent, fieldOf(issue.path)) || !existing.has(keyOf(issue)));
};
