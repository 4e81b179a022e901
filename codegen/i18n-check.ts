import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityModel } from '../src/shared/descriptor.js';
import { linkAttributeKey } from '../src/shared/link-attributes.js';
import { CodegenError } from './load.js';

const flatten = (node: unknown, prefix: string, into: Set<string>) => {
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.add(prefix);
  }
};

/** Every key under `src/console/locales/en/`: a file `roles.json` contributes keys `roles.*`, `common.json` too. */
export const loadEnglishKeys = (root: string): Set<string> => {
  const dir = join(root, 'src/console/locales/en');
  const keys = new Set<string>();
  if (!existsSync(dir)) return keys;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')), '', keys);
  }
  return keys;
};

const keysOfUiSchema = (node: unknown, into: string[]) => {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'ui:placeholder' || key === 'ui:help') && typeof value === 'string') into.push(value);
    else keysOfUiSchema(value, into);
  }
};

/** The translation keys a console resource refers to. */
export const referencedKeys = (model: EntityModel): string[] => {
  if (!model.hasConsole) return [];
  const keys = [model.titleKey, model.list.searchPlaceholderKey, model.list.emptyKey];
  if (model.subtitleKey) keys.push(model.subtitleKey);
  if (model.sidebar) keys.push(model.sidebar.titleKey);
  for (const column of model.list.columns) keys.push(column.titleKey);
  if (model.create) keys.push(model.create.titleKey, ...(model.create.subtitleKey ? [model.create.subtitleKey] : []));
  for (const tab of model.detail?.tabs ?? []) {
    keys.push(tab.titleKey);
    // A relation tab shows the link's attributes when the relation lists them, each under its own title.
    const relation = tab.kind === 'relation' ? model.relations.find((r) => r.name === tab.relation) : undefined;
    if (relation?.kind === 'linked' && relation.attributesAs) {
      keys.push(...relation.attributes.map(({ field }) => linkAttributeKey(field)));
    }
    if (tab.kind === 'form') {
      for (const section of tab.sections)
        keys.push(section.titleKey, ...(section.descriptionKey ? [section.descriptionKey] : []));
    }
  }
  keysOfUiSchema(model.uiSchema, keys);
  return keys;
};

export const checkTranslations = (models: EntityModel[], english: Set<string>) => {
  const missing = models.flatMap((model) =>
    referencedKeys(model)
      .filter((key) => !english.has(key))
      .map((key) => `${model.name}: ${key}`),
  );
  if (missing.length) {
    throw new CodegenError(`translation keys missing from src/console/locales/en:\n  ${missing.join('\n  ')}`);
  }
};
