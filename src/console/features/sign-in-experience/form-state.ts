import { deepEquals } from '@rjsf/utils';

export type Settings = Record<string, unknown>;

/** The root fields whose values differ from the saved ones, in the order of the saved record then new fields. */
export const changedFields = (values: Settings, saved: Settings): string[] =>
  [...new Set([...Object.keys(saved), ...Object.keys(values)])].filter((key) => !deepEquals(values[key], saved[key]));

/** Whether the form holds changes that are not saved. */
export const isDirty = (values: Settings, saved: Settings): boolean => changedFields(values, saved).length > 0;

/** The settings an admin edits: the record without the fields the server keeps (ids, timestamps). */
export const editableSettings = (record: Settings, readOnly: readonly string[]): Settings =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !readOnly.includes(key)));

/** Sets the value at a dotted path of the settings, copying the objects on the way (`color.primaryColor`). */
export const setPath = (settings: Settings, path: string, value: unknown): Settings => {
  const [head, ...rest] = path.split('.');
  if (!head) return settings;
  if (rest.length === 0) return { ...settings, [head]: value };
  const inner = settings[head];
  const child = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Settings) : {};
  return { ...settings, [head]: setPath(child, rest.join('.'), value) };
};
