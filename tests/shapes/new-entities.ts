/**
 * One new entity of each kind, as an author adds it: a folder holding `schema.json` and `resource.json`, nothing
 * else (no fixtures, no texts). `shelf` is a plain collection the relation links gadgets to.
 */

const $schema = 'https://json-schema.org/draft/2020-12/schema';
const meta = '../../../codegen/meta/resource-descriptor.schema.json';
const ref = (def: string) => ({ $ref: `../_defs/fields.schema.json#/$defs/${def}` });
const scopes = { read: ['all'], write: ['all'] };

const gadget = {
  schema: {
    $schema,
    title: 'Gadget',
    description: 'A thing on a shelf.',
    type: 'object',
    additionalProperties: false,
    required: ['tenantId', 'id', 'name', 'color', 'createdAt'],
    properties: {
      tenantId: ref('tenantId'),
      id: ref('id'),
      name: { type: 'string', minLength: 1, maxLength: 64, description: 'What it is called.' },
      color: { type: 'string', enum: ['red', 'blue'], default: 'red', description: 'Its colour.' },
      serialNumber: { type: ['string', 'null'], maxLength: 32, description: 'Printed on its back.' },
      createdAt: ref('createdAt'),
    },
  },
  resource: {
    $schema: meta,
    name: 'gadget',
    table: 'gadgets',
    edition: 'all',
    requiredScopes: scopes,
    api: {
      path: '/gadgets',
      tag: 'Gadgets',
      operations: { list: { pagination: 'optional', search: ['name'] }, create: { status: 201 }, get: {}, update: {} },
    },
    unique: [{ fields: ['name'], code: 'gadget.name_in_use' }],
    console: {
      route: 'gadgets',
      titleKey: 'gadgets.title',
      sidebar: { group: 'tenant', order: 20, titleKey: 'sidebar.gadgets', icon: 'ToolOutlined' },
      list: {
        columns: [
          { field: 'name', titleKey: 'gadgets.column.name' },
          { field: 'color', titleKey: 'gadgets.column.color', render: 'tag' },
        ],
        searchPlaceholderKey: 'gadgets.search_placeholder',
        emptyKey: 'gadgets.empty',
      },
      create: { titleKey: 'gadgets.create.title', fields: ['name', 'color'] },
      detail: {
        titleField: 'name',
        tabs: [
          {
            key: 'settings',
            titleKey: 'gadgets.tab.settings',
            kind: 'form',
            sections: [{ titleKey: 'gadgets.section.general', fields: ['name', 'color', 'serialNumber'] }],
          },
        ],
      },
    },
  },
};

const gadgetSettings = {
  schema: {
    $schema,
    title: 'Gadget settings',
    type: 'object',
    additionalProperties: false,
    required: ['tenantId', 'id', 'shelfLimit', 'createdAt'],
    properties: {
      tenantId: ref('tenantId'),
      id: ref('id'),
      shelfLimit: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'Gadgets per shelf.' },
      createdAt: ref('createdAt'),
    },
  },
  resource: {
    $schema: meta,
    name: 'gadgetSettings',
    kind: 'singleton',
    table: 'gadget_settings',
    edition: 'all',
    requiredScopes: scopes,
    api: { path: '/gadget-settings', tag: 'Gadgets', operations: { get: {}, update: {} } },
    console: {
      route: 'gadget-settings',
      titleKey: 'gadget_settings.title',
      sidebar: { group: 'tenant', order: 21, titleKey: 'gadget_settings.sidebar', icon: 'SettingOutlined' },
      detail: {
        tabs: [
          {
            key: 'general',
            titleKey: 'gadget_settings.tab.general',
            kind: 'form',
            sections: [{ titleKey: 'gadget_settings.section.limits', fields: ['shelfLimit'] }],
          },
        ],
      },
    },
  },
};

const gadgetEvent = {
  schema: {
    $schema,
    title: 'Gadget event',
    type: 'object',
    additionalProperties: false,
    required: ['tenantId', 'id', 'key', 'result', 'createdAt'],
    properties: {
      tenantId: ref('tenantId'),
      id: ref('id'),
      key: { type: 'string', maxLength: 128, readOnly: true, description: 'What happened.' },
      result: { type: 'string', enum: ['Success', 'Error'], readOnly: true, description: 'How it ended.' },
      createdAt: ref('createdAt'),
    },
  },
  resource: {
    $schema: meta,
    name: 'gadgetEvent',
    kind: 'log',
    table: 'gadget_events',
    edition: 'all',
    requiredScopes: scopes,
    api: {
      path: '/gadget-events',
      tag: 'Gadgets',
      operations: {
        list: { pagination: 'required', filters: [{ field: 'result', param: 'results', multiple: true }] },
        get: {},
      },
    },
    console: {
      route: 'gadget-events',
      titleKey: 'gadget_events.title',
      list: {
        columns: [
          { field: 'key', titleKey: 'gadget_events.column.key', render: 'code' },
          { field: 'result', titleKey: 'gadget_events.column.result', render: 'tag' },
        ],
        searchPlaceholderKey: 'gadget_events.search_placeholder',
        emptyKey: 'gadget_events.empty',
      },
      filterLabels: { results: 'gadget_events.filter.result' },
    },
  },
};

const shelf = {
  schema: {
    $schema,
    title: 'Shelf',
    type: 'object',
    additionalProperties: false,
    required: ['tenantId', 'id', 'name', 'createdAt'],
    properties: {
      tenantId: ref('tenantId'),
      id: ref('id'),
      name: { type: 'string', minLength: 1, maxLength: 64, description: 'Its label.' },
      createdAt: ref('createdAt'),
    },
  },
  resource: {
    $schema: meta,
    name: 'shelf',
    table: 'shelves',
    edition: 'all',
    requiredScopes: scopes,
    api: {
      path: '/shelves',
      tag: 'Gadgets',
      operations: { list: { pagination: 'optional' }, create: { status: 201 }, get: {}, delete: {} },
    },
  },
};

const shelfGadget = {
  schema: {
    $schema,
    title: 'Shelf gadget',
    type: 'object',
    additionalProperties: false,
    required: ['tenantId', 'shelfId', 'gadgetId', 'createdAt'],
    properties: {
      tenantId: ref('tenantId'),
      shelfId: { type: 'string', minLength: 1, maxLength: 21, description: 'The shelf.' },
      gadgetId: { type: 'string', minLength: 1, maxLength: 21, description: 'The gadget.' },
      createdAt: ref('createdAt'),
    },
  },
  resource: {
    $schema: meta,
    name: 'shelfGadget',
    kind: 'relation',
    table: 'shelf_gadgets',
    edition: 'all',
    requiredScopes: scopes,
    sides: [
      {
        entity: 'shelf',
        key: 'shelfId',
        api: {
          name: 'gadgets',
          assignField: 'gadgetIds',
          assignStatus: 201,
          duplicateCode: 'shelf.gadget_already_on_it',
        },
      },
      { entity: 'gadget', key: 'gadgetId' },
    ],
  },
};

const gadgetStats = {
  schema: {
    $schema,
    title: 'Gadget stats',
    type: 'object',
    additionalProperties: false,
    required: ['total'],
    properties: {
      total: { type: 'integer', minimum: 0, description: 'How many gadgets the tenant has.' },
      label: { type: 'string', minLength: 1, maxLength: 32, description: 'A label for the figures.' },
    },
  },
  resource: {
    $schema: meta,
    name: 'gadgetStats',
    kind: 'service',
    edition: 'all',
    requiredScopes: scopes,
    api: {
      path: '/gadget-stats',
      tag: 'Gadgets',
      actions: [
        {
          key: 'label',
          on: 'collection',
          method: 'POST',
          path: 'label',
          handler: 'gadgetStats.label',
          status: 200,
          summary: 'Echo a label',
          bodyFields: ['label'],
          responseField: 'label',
        },
      ],
    },
  },
};

/** The new entity of each kind, by kind; `shelf` is the collection the relation's other side. */
export const newEntityOfKind = { gadget, gadgetSettings, gadgetEvent, shelfGadget, gadgetStats } as const;
export const bystander = { shelf } as const;

/** A service's actions are its own code: their handlers are named to codegen, as the test shapes' are. */
export const newEntityHandlers = ['gadgetStats.label'];
