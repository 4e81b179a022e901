/**
 * Widget and field names a descriptor's uiSchema may use (`ui:widget`, `ui:field`). Pure data (no React): codegen
 * imports these lists to reject descriptors that name an unknown one.
 */
export const consoleWidgetKeys = [
  'switch',
  'checkboxes',
  'updown',
  'radio',
  'choiceCards',
  'date',
  'hidden',
  'textarea',
  'select',
  'secret',
  'entityPicker',
] as const;
export type ConsoleWidgetKey = (typeof consoleWidgetKeys)[number];

/** Field names usable as `ui:field` in descriptor uiSchemas. */
export const consoleFieldKeys = ['keyValue', 'json'] as const;
export type ConsoleFieldKey = (typeof consoleFieldKeys)[number];
