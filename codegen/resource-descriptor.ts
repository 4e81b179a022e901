/** An entity's descriptor as written in `src/entities/<name>/resource.json` (checked against codegen/meta first). */
import type {
  ApiAction,
  ColumnFlag,
  ColumnRender,
  DeclaredRelation,
  DetailAction,
  DetailBanner,
  Edition,
  FeatureQuotaRule,
  ListOperation,
  ListView,
  NotFoundCodes,
  Operations,
  ParentLink,
  QuotaRule,
  RecordCondition,
  SidebarGroup,
  UniqueRule,
} from '../src/shared/descriptor.js';
import type { SearchMatch } from '../src/shared/descriptor-lists.js';
import type { AssignByName, NestedLinks, ReachedLinks } from '../src/shared/descriptor-relations.js';
import type { EntityKind, NameLookup } from '../src/shared/entity-kinds.js';

export interface Descriptor {
  name: string;
  /** How the entity is served (default `collection`); the meta-schema says what each kind requires. */
  kind?: EntityKind;
  /** Absent for a service. */
  table?: string;
  /** A relation's two linked sides (`kind: "relation"`); see codegen/relations.ts. */
  sides?: DescriptorSide[];
  edition: Edition;
  requiredScopes: { read: string[]; write: string[] };
  parent?: ParentLink;
  /** The field that names an item in its URL (default `id`), e.g. `name` for application secrets. */
  itemKey?: string;
  idLength?: number;
  notFoundCode?: string;
  /** Per operation, where it differs from `notFoundCode`. */
  notFoundCodes?: NotFoundCodes;
  /** Extra lookup indexes, each a list of fields (the tenant comes first automatically). */
  indexes?: string[][];
  /** Fields holding the id of another entity's item: foreign keys that delete this item with that one. */
  references?: { field: string; entity: string }[];
  /** Logs: fields naming another entity's item, whose names the answers carry (no foreign key: a log outlives it). */
  nameLookups?: NameLookup[];
  /** Row-level security by tenant (default: true for tenant-scoped entities). */
  rls?: boolean;
  /** Whether rows belong to a tenant (default true). */
  tenantScoped?: boolean;
  /** Absent for storage-only entities: a table and a model, no routes. */
  api?: {
    path: string;
    tag: string;
    root?: boolean;
    itemParam?: string;
    /** Absent for a service (filled in as none). */
    operations: Operations & { list?: ListOperation };
    actions?: ApiAction[];
  };
  unique?: UniqueRule[];
  relations?: DeclaredRelation[];
  serverHooks?: {
    beforeCreate?: string;
    beforeUpdate?: string;
    beforeDelete?: string;
    beforeLink?: string;
    afterRead?: string;
  };
  /** This entity's array field whose items' enum lists the webhook events descriptors may name (the webhooks'). */
  webhookEventsField?: string;
  webhookEvents?: { created?: string; updated?: string; deleted?: string };
  quotas?: QuotaRule[];
  featureQuotas?: FeatureQuotaRule[];
  history?: boolean;
  bulk?: boolean;
  asCode?: { key: string };
  console?: DescriptorConsole;
}

/** One side of a relation entity as its descriptor declares it. */
export interface DescriptorSide {
  entity: string;
  key?: string;
  api?: {
    name: string;
    assignField: string;
    assignStatus: 200 | 201;
    duplicateCode: string;
    createField?: string;
    routes?: false;
    linkEvent?: string;
    changeEvent?: string;
    counted?: boolean;
    offer?: RecordCondition;
    existing?: 'refuse' | 'skip';
    assignAnswer?: 'linked' | 'ids' | 'asked' | 'status';
    sourceMissingCode?: string;
    assignByName?: AssignByName;
    nested?: NestedLinks[];
    replace?: boolean;
    readOnly?: boolean;
    bulk?: boolean;
    reach?: ReachedLinks[];
    replaceAnswer?: 'ids' | 'none';
    segment?: string;
    missingLinkCode?: string;
    unknownCode?: string;
    pagination?: 'optional' | 'required';
    searchParam?: string;
    searchMatch?: SearchMatch;
    attributesAs?: string;
    embed?: { property: string; target: string; foreignKey: string }[];
  };
}

export interface DescriptorConsole {
  route: string;
  titleKey: string;
  subtitleKey?: string;
  sidebar?: {
    group: SidebarGroup;
    order: number;
    titleKey: string;
    icon: string;
  };
  /** Collections and logs. */
  list?: {
    columns: {
      field: string;
      titleKey: string;
      render?: ColumnRender;
      fallback?: string[];
      labelField?: string;
      flags?: ColumnFlag[];
    }[];
    searchPlaceholderKey: string;
    emptyKey: string;
    actions?: Omit<DetailAction, 'method' | 'path'>[];
    views?: ListView[];
  };
  /** No pages of its own; listed on other entities' tabs only. */
  embedded?: boolean;
  /** Found by the command palette. */
  palette?: boolean;
  /** Collections. */
  create?: {
    titleKey: string;
    subtitleKey?: string;
    fields: string[];
    showOnce?: string[];
    /** Create fields shown only while another field of the form holds one of some values. */
    when?: Record<string, { field: string; in: (string | number | boolean)[] }>;
    /** UI schema of the create form over the resource's (a field the create form shows differently). */
    uiSchema?: Record<string, unknown>;
  };
  /** Logs: the label of each list filter, by query parameter. */
  filterLabels?: Record<string, string>;
  /** Collections (tabs of an item) and singletons (tabs of the settings page). */
  detail?: {
    titleField?: string;
    titleFallback?: string[];
    subtitleField?: string;
    tags?: string[];
    banners?: DetailBanner[];
    actions?: Omit<DetailAction, 'method' | 'path'>[];
    tabs: {
      key: string;
      titleKey: string;
      kind: 'relation' | 'form' | 'view' | 'log';
      default?: boolean;
      relation?: string;
      relations?: string[];
      openTarget?: boolean;
      lists?: { entity: string; filter: string }[];
      log?: string;
      filter?: string;
      view?: string;
      cards?: string[];
      sections?: { titleKey: string; descriptionKey?: string; fields: string[]; when?: RecordCondition }[];
      record?: { entity: string; read: string; save: string; create?: string };
      when?: RecordCondition;
      assignFilters?: Record<string, string>;
    }[];
  };
  uiSchema?: Record<string, unknown>;
}
