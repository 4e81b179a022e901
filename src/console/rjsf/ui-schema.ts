import type { UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { translatableUiOptions } from '../../shared/text-keys';

const translatable = new Set(translatableUiOptions);

/** Descriptor uiSchemas hold i18n keys for placeholders and texts; this returns a copy with the texts. */
export const translateUiSchema = (uiSchema: Record<string, unknown>, t: TFunction): UiSchema => {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        translatable.has(key) && typeof value === 'string' ? t(value) : walk(value),
      ]),
    );
  };
  return {
    ...(walk(uiSchema) as UiSchema),
    'ui:globalOptions': { orderable: false, copyable: false },
    'ui:submitButtonOptions': { norender: true },
  };
};
