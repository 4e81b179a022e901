/**
 * The compiled shape of an entity, as codegen writes it into `src/generated/`.
 * `EntityModel` is the full model (server side); `ConsoleResource` is the part the browser receives:
 * storage details (tables, columns) and server hooks are left out of it.
 */
import type { DiscriminatedField } from './branches.js';
import type { ActionModel, ApiAction } from './descriptor-actions.js';
import type {
  ListExclusionModel,
  ListFilter,
  ListOperation,
  ListSummaryModel,
  QueryExtra,
} from './descriptor-lists.js';
import type { FeatureQuotaRule, QuotaRule } from './descriptor-quotas.js';
import type { RecordCondition, Relation, RelationSide } from './descriptor-relations.js';
import type { DetailTab } from './descriptor-tabs.js';
import type { EntityKind, LogFilterModel, NameLookupModel } from './entity-kinds.js';
import type { FormModel } from './form-model.js';
import type { JSONSchema7 } from './json-schema.js';

/** The error code of a missing item per operation (`get`, `update`, `delete`), where it differs from the entity's. */
export interface NotFoundCodes {
  get?: string;
  update?: string;
  delete?: string;
}

export * from './descriptor-actions.js';
export * from './descriptor-lists.js';
export * from './descriptor-quotas.js';
export * from './descriptor-relations.js';
export * from './descriptor-tabs.js';
export type { FormModel } from './form-model.js';

export type Edition = 'all' | 'cloud' | 'oss';
export type SidebarGroup = 'overview' | 'authentication' | 'authorization' | 'users' | 'developer' | 'tenant';
export type ColumnRender = 'text' | 'code' | 'tag' | 'tags' | 'date' | 'status' | 'avatar';

export interface UniqueRule {
  fields: string[];
  code: string;
  /** Values that differ only in letter case count as the same (`A@x.io` and `a@x.io`). */
  caseInsensitive?: boolean;
  /** Unique among every tenant's rows (a host that routes requests), not only the tenant's own. */
  acrossTenants?: boolean;
  /** The status of a value in use: 422, or 409 where Logto answers a conflict. */
  status?: 409 | 422;
}

/**
 * An item's `GET`; `reveal` adds private fields under names of their own when a query parameter asks, `extras`
 * what a server piece adds.
 */
export interface GetOperation {
  reveal?: { param: string; fields: Record<string, string> }[];
  extras?: QueryExtra[];
}

export interface Operations {
  list?: ListOperation;
  create?: { status: 200 | 201 };
  get?: GetOperation;
  update?: Record<string, never>;
  delete?: Record<string, never>;
  /** `PUT` at the collection path: the body's `field` lists the item keys the parent keeps (a child with an itemKey). */
  replace?: { field: string };
}

export interface ParentLink {
  resource: string;
  param: string;
  foreignKey: string;
}

/** A tab over an entity's list: the list with fixed list filters, and what its create sends with the form. */
export interface ListView {
  key: string;
  titleKey: string;
  /** List filters (query parameter → value). */
  filters: Record<string, string>;
  createValues?: Record<string, unknown>;
}

export interface ColumnModel {
  field: string;
  titleKey: string;
  render: ColumnRender;
  /** Fields read in order when the field is empty; an avatar column's letter and label come from them. */
  fallback?: string[];
  /** A field shown instead of the value when it holds one (a user's name for their id); the value is then on hover. */
  labelField?: string;
  /** Tags shown after the value in the rows matching their condition (a suspended user's name). */
  flags?: ColumnFlag[];
}

/** A tag after a list cell's value, in the rows matching `when` ("Suspended" after a user's name). */
export interface ColumnFlag {
  when: RecordCondition;
  labelKey: string;
  color?: 'default' | 'error' | 'warning' | 'success' | 'processing';
}

/** A notice above a detail page's tabs, for the records matching `when` (a suspended user). */
export interface DetailBanner {
  when: RecordCondition;
  messageKey: string;
  type?: 'info' | 'warning' | 'error';
}

/** An entry of a detail page's actions menu: an item action of the API called with a fixed body, once confirmed. */
export interface DetailAction {
  key: string;
  /** The API action's key, its method and its path template with the item's `{id}` (filled in by codegen). */
  action: string;
  method: ApiAction['method'];
  path: string;
  body: Record<string, unknown>;
  titleKey: string;
  confirmKey: string;
  danger?: boolean;
  when?: RecordCondition;
}

export interface ConsoleResource {
  /** Entity name, e.g. `role`. Also the Refine resource name. */
  name: string;
  /** How the entity is served: a collection, a singleton, a log or a service (no table, only actions at its path). */
  kind: EntityKind;
  /** Management API path below `/api`, e.g. `/roles` or `/resources/{resourceId}/scopes`. */
  apiPath: string;
  parent?: ParentLink;
  /** The field that names an item in its URL: `id`, or e.g. `name` for application secrets. */
  idField: string;
  operations: Operations;
  relations: Relation[];
  /** Console path below `/console`, e.g. `roles`. */
  route: string;
  titleKey: string;
  subtitleKey?: string;
  sidebar?: { group: SidebarGroup; order: number; titleKey: string; icon: string };
  edition: Edition;
  requiredScopes: { read: string[]; write: string[] };
  list: {
    columns: ColumnModel[];
    searchPlaceholderKey: string;
    emptyKey: string;
    searchable: boolean;
    /** A button per row calling an item action with a fixed body, once confirmed, for the rows matching `when`. */
    actions?: DetailAction[];
    /** Tabs over the list, each with fixed filters; the first at the route, the others at `<route>/<key>`. */
    views?: ListView[];
  };
  /** No pages of its own: the entity is listed only on other entities' tabs (`lists` of a relation tab). */
  embedded?: true;
  /** The command palette finds its items (the list's search), opens them and offers their detail actions. */
  palette?: true;
  /** Every item is exported in bulk at `export` (`<list path>/export`, CSV or JSON); the list offers the download. */
  bulk?: { export: string };
  create?: {
    titleKey: string;
    subtitleKey?: string;
    form: FormModel;
    showOnce?: string[];
    /** Fields shown (and sent) only while another field of the form holds one of the values. */
    when?: Record<string, RecordCondition>;
    /** The create form's UI schema over the resource's. */
    uiSchema?: Record<string, unknown>;
  };
  detail?: {
    titleField: string;
    /** Fields read in order when the title field is empty (a user without a name is called by username). */
    titleFallback?: string[];
    subtitleField?: string;
    tags: string[];
    banners?: DetailBanner[];
    actions?: DetailAction[];
    tabs: DetailTab[];
  };
  uiSchema: Record<string, unknown>;
  /** Which error code belongs to which form field (from unique rules), so server errors land on the field. */
  errorFields: Record<string, string>;
  /** Body schema of the relation assignment (many-to-many), keyed by relation name. */
  assignForms: Record<string, FormModel>;
  /** Body schema of a relation's `PUT` (the whole set of ids), keyed by relation name, for relations with `replace`. */
  replaceForms?: Record<string, FormModel>;
  /**
   * The entity's cross-field rules (`if`/`then` on the whole record, e.g. only native apps take custom-scheme
   * redirect URIs), compiled: checked against the record a create or update would store, on both sides.
   */
  recordRules?: FormModel;
  /** Log entities: the list filters the console's filter bar offers. */
  logFilters?: LogFilterModel;
}

export interface ColumnModelDb {
  property: string;
  column: string;
  sqlType: string;
  nullable: boolean;
  json: boolean;
  timestamp: boolean;
}

export interface EntityModel extends ConsoleResource {
  /** Served at the tenant's root (`/t/{tenantId}/<apiPath>`) instead of below `/api`. */
  apiRoot?: true;
  table: string;
  /** Rows belong to a tenant (`tenant_id`); false only for tables shared by all tenants, such as the registry. */
  tenantScoped: boolean;
  /** Row-level security restricts the tenant database role to the rows of the transaction's tenant. */
  rls: boolean;
  /**
   * Rows per tenant are counted by triggers in `gatehouse_row_counts` (top-level tenant lists), so an unfiltered
   * list's exact total is a sum of a few counter rows instead of a scan of the tenant's rows.
   */
  countRows: boolean;
  /**
   * Columns of list filters with a few known values (booleans, string enums) whose rows are counted per combination
   * of values, so a list filtered on them also reads its exact total from the counters.
   */
  countBy: string[];
  /** False for storage-only entities (no routes, no OpenAPI). */
  hasApi: boolean;
  /** A relation entity's two sides (its table's primary key is the tenant and both sides' keys). */
  sides?: RelationSide[];
  /** Fields that never leave the server (`x-private`), such as password hashes. */
  privateFields: string[];
  /** Extra lookup indexes (fields). */
  indexes: string[][];
  /** Fields holding the id of another entity's item (foreign keys, deleting this item with that one). */
  references?: { field: string; entity: string }[];
  /** A log's fields naming another entity's item, whose names its answers carry (see `NameLookup`). */
  nameLookups?: NameLookupModel[];
  schema: JSONSchema7;
  columns: ColumnModelDb[];
  readOnly: string[];
  /** Fields set at creation that an update body may carry and the server drops (`"x-immutable": "ignored"`). */
  ignoredOnUpdate?: string[];
  /** Nullable text fields a body may set to `''` for none (`"x-empty": "null"`): stored and answered as null. */
  emptyAsNull?: string[];
  unique: UniqueRule[];
  /** The error code of a missing item (404); default `entity.not_exists_with_id`. */
  notFoundCode?: string;
  /** The error code of a missing item per operation, where it differs from `notFoundCode`. */
  notFoundCodes?: NotFoundCodes;
  searchColumns: string[];
  /** The search fields (properties) that take Logto's field search (`search.<field>`), if the list allows it. */
  fieldSearch?: string[];
  /** The path parameter naming an item, when the descriptor names it (Logto's `userId`). */
  itemParam?: string;
  /** The length of generated ids, when shorter than the id field allows (Logto's 12-character organization ids). */
  idLength?: number;
  /** The list route's exact-match filters and exclusions, normalized from the descriptor. */
  listFilters: ListFilter[];
  listExclusions: ListExclusionModel[];
  listSummaries: ListSummaryModel[];
  actions: ActionModel[];
  serverHooks: {
    beforeCreate?: string;
    beforeUpdate?: string;
    beforeDelete?: string;
    beforeLink?: string;
    afterRead?: string;
  };
  /** The plan quotas counting this entity's items (cloud edition), checked on create. */
  quotas?: QuotaRule[];
  /** Changes of its items are kept in the configuration history (`configChange`). */
  history?: boolean;
  /** Its items take part in configuration as code: `<folder>/<key>.json` per item, `key` naming it in any tenant. */
  asCode?: { key: string; folder: string };
  /** The plan features (boolean quotas) writes of this entity need (cloud edition). */
  featureQuotas?: FeatureQuotaRule[];
  /** Webhook events emitted when an entity is created, updated or deleted. */
  webhookEvents: { created?: string; updated?: string; deleted?: string };
  /** Polymorphic fields (`oneOf` with a discriminator), each branch with its own compiled validator. */
  discriminated?: Record<string, DiscriminatedField>;
  /** Request bodies of create and update, with their compiled validators. */
  requestBodies: { create?: FormModel; update?: FormModel; replace?: FormModel };
  /** Query parameters of the list route and of the many-to-many lists, with their compiled validators. */
  listQuery?: FormModel;
  linkedListQuery?: FormModel;
  hasConsole: boolean;
}
