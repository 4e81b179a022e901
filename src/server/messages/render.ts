/**
 * Replaces the handlebars of a template (`{{code}}`, `{{link}}`, `{{organization.name}}`) with the payload's values,
 * as Logto's connectors do: a handlebar whose root the payload lacks stays as written; a missing nested value is empty.
 */
export const renderTemplate = (template: string, payload: Record<string, unknown>): string =>
  template.replaceAll(/{{\s*([\w.]+)\s*}}/g, (handlebar, key: string) => {
    const root = key.split('.')[0] ?? '';
    if (!Object.hasOwn(payload, root)) return handlebar;
    const value = key.split('.').reduce<unknown>((current, part) => {
      if (!current || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
      return (current as Record<string, unknown>)[part];
    }, payload);
    return value === undefined || value === null ? '' : String(value);
  });
