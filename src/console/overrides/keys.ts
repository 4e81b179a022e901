/**
 * Keys of the console's bespoke pieces. Pure data (no React): codegen imports these lists to reject descriptors
 * that name an unknown override, widget or field.
 */
export const consoleOverrideKeys = [
  'application.card.endpoints',
  'application.card.secrets',
  'hook.card.signing-key',
  'hook.card.test-endpoint',
  'hook.tab.recent-requests',
  'resource.card.default-api',
  'user.card.identities',
  'user.card.mfa',
  'user.card.password',
] as const;
export type ConsoleOverrideKey = (typeof consoleOverrideKeys)[number];

/** Widget names usable as `ui:widget` in descriptor uiSchemas. */
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
