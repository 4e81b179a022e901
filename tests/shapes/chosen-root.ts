import { shapeRoot } from './polymorphic/root.js';

/**
 * A test-only "sender" whose `settings` follow the branch its `protocol` names (a field chosen by a sibling, as a
 * connector's `config` by its `connectorId`), in a shape root beside the polymorphic test entity. With `console`,
 * it has a create dialog showing both fields, and its English texts.
 */
export const branch = (choice: string, title: string, properties: Record<string, unknown>, required: string[]) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title,
  type: 'object',
  additionalProperties: false,
  'x-choice': choice,
  'x-meta': { type: choice === 'smtp' ? 'Email' : 'Sms', label: `${title} sender` },
  required,
  properties,
});

export const senderRoot = (
  changes: { settings?: Record<string, unknown>; label?: Record<string, unknown>; console?: boolean } = {},
) => {
  const root = shapeRoot();
  root.write('src/entities/sender/schema.json', {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Sender',
    type: 'object',
    additionalProperties: false,
    required: ['tenantId', 'id', 'protocol', 'settings'],
    properties: {
      tenantId: { $ref: '../_defs/fields.schema.json#/$defs/tenantId' },
      id: { $ref: '../_defs/fields.schema.json#/$defs/id' },
      protocol: { type: 'string', minLength: 1, maxLength: 64, 'x-immutable': true },
      settings: changes.settings ?? {
        title: 'Settings',
        description: 'The protocol settings.',
        'x-chosen-by': 'protocol',
        'x-branches': 'providers',
      },
      label: changes.label ?? { type: ['string', 'null'], readOnly: true, 'x-derived': { choiceMeta: 'settings' } },
    },
  });
  root.write('src/entities/sender/resource.json', {
    $schema: '../../../codegen/meta/resource-descriptor.schema.json',
    name: 'sender',
    table: 'senders',
    edition: 'all',
    requiredScopes: { read: ['all'], write: ['all'] },
    api: { path: '/senders', tag: 'Senders', operations: { create: { status: 201 }, get: {}, update: {} } },
    ...(changes.console
      ? {
          console: {
            route: 'senders',
            titleKey: 'senders.title',
            list: {
              columns: [{ field: 'protocol', titleKey: 'senders.column.protocol' }],
              searchPlaceholderKey: 'senders.search',
              emptyKey: 'senders.empty',
            },
            create: { titleKey: 'senders.create.title', fields: ['protocol', 'settings'] },
          },
        }
      : {}),
  });
  if (changes.console) {
    root.write('src/console/locales/en/senders.json', {
      senders: {
        title: 'Senders',
        empty: 'No senders',
        search: 'Search senders',
        column: { protocol: 'Protocol' },
        create: { title: 'Create sender' },
        protocol: { smtp: 'SMTP', sms: 'SMS gateway' },
      },
      fields: { sender: { protocol: 'Protocol', settings: 'Settings' } },
    });
  }
  root.write(
    'src/entities/sender/providers/smtp.schema.json',
    branch('smtp', 'SMTP', { host: { type: 'string', minLength: 1 }, port: { type: 'integer' } }, ['host', 'port']),
  );
  root.write(
    'src/entities/sender/providers/sms.schema.json',
    branch('sms', 'SMS gateway', { url: { type: 'string', minLength: 1 } }, ['url']),
  );
  return root;
};
