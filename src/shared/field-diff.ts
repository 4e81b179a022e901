/**
 * A field-by-field difference of two versions of a record: each path (`oidcClientMetadata.redirectUris`) whose value
 * was added, removed or changed. Objects are compared field by field; arrays, secret digests and other values as a
 * whole, so a list that gained an entry shows as one changed field with both lists.
 */
export type FieldChangeKind = 'added' | 'removed' | 'changed';

export interface FieldChange {
  path: string;
  kind: FieldChangeKind;
  before?: unknown;
  after?: unknown;
}

type Plain = Record<string, unknown>;

/** A secret as the history keeps it (`{"$secret": digest}`): one value, compared by its digest. */
export const isSecretDigest = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && '$secret' in value;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isSecretDigest(value);

/** Equal as JSON is: key order in objects does not count. */
const same = (a: unknown, b: unknown): boolean => {
  if ((isPlain(a) && isPlain(b)) || (isSecretDigest(a) && isSecretDigest(b))) {
    const [x, y] = [a as Plain, b as Plain];
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    return [...keys].every((key) => same(x[key], y[key]));
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  return a === b;
};

const walk = (before: unknown, after: unknown, path: string, changes: FieldChange[]) => {
  if (isPlain(before) && isPlain(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) walk(before[key], after[key], path ? `${path}.${key}` : key, changes);
    return;
  }
  if (same(before, after)) return;
  if (before === undefined || before === null) changes.push({ path, kind: 'added', after });
  else if (after === undefined || after === null) changes.push({ path, kind: 'removed', before });
  else changes.push({ path, kind: 'changed', before, after });
};

/** What changed from `before` to `after` (either may be absent: a create, a delete), by field path, sorted. */
export const fieldDiff = (before: Plain | null | undefined, after: Plain | null | undefined): FieldChange[] => {
  const changes: FieldChange[] = [];
  walk(before ?? {}, after ?? {}, '', changes);
  return changes;
};
