import type { SearchQuery } from './descriptor-lists.js';

/** Records whose `field` holds one of the values `in` (a tab shown by type, the roles a picker offers). */
export interface RecordCondition {
  field: string;
  in: (string | number | boolean)[];
}

/** Relations of an entity as the compiled model holds them: children lists and links through relation entities. */

export interface ChildrenRelation {
  name: string;
  kind: 'children';
  target: string;
}

/**
 * How one side of a relation entity exposes it (routes, assign body, duplicate error): declared in the relation's
 * descriptor (`sides[].api`), compiled onto the side's entity. `sourceKeys` are the relation's fields for this side
 * (one id, or both keys of a membership when this side is itself a relation), `targetKey` the other side's;
 * `through` names the relation entity and `table` its table.
 */
export interface LinkedRelation {
  name: string;
  kind: 'linked';
  through: string;
  target: string;
  table: string;
  sourceKeys: string[];
  targetKey: string;
  /** The relation table's columns of `sourceKeys` and of `targetKey`. */
  sourceColumns: string[];
  targetColumn: string;
  assignField: string;
  assignStatus: 200 | 201;
  duplicateCode: string;
  /** An assignment naming a linked item: refused with `duplicateCode` (default), or that item left as it is. */
  existing?: 'refuse' | 'skip';
  /**
   * What an assignment answers: the newly linked items (default), `{<assignField>, added<AssignField>}`, the ids asked
   * for (`{<assignField>}`), or the status text.
   */
  assignAnswer?: 'linked' | 'ids' | 'asked' | 'status';
  /** Assignments may also name targets by another unique field (`organizationRoleNames` by `name`). */
  assignByName?: AssignByName;
  /**
   * The error code of every route of the side when its item (or membership) does not exist, instead of a 404; the
   * item's own 404 code keeps its 404 where `missingLinkCode` would otherwise answer for a missing item.
   */
  sourceMissingCode?: string;
  /** Each listed item carries the items linked to its link through a relation of the link, with some fields. */
  nested?: NestedLinks[];
  /** `PUT` on the relation's path sets the links to exactly the ids given. */
  replace?: boolean;
  /** The side only lists the linked items (`GET`); links are made from the other side, and none hang below it. */
  readOnly?: boolean;
  /**
   * A relation of a relation (roles per membership): `POST` on the exposing side's path plus this relation's segment
   * (`/organizations/{id}/users/roles`) links the ids of `assignField` to each link named by the exposing side's
   * assignment field (`userIds`), in one transaction; it answers the status text.
   */
  bulk?: boolean;
  /** Lists of the items the linked items reach through a relation of theirs (a member's scopes through the roles). */
  reach?: ReachedLinks[];
  /** The last segment of the relation's path, where it differs from `name` (`resource-scopes`). */
  segment?: string;
  /** In the console's model: the path of the links below one item (`/roles/{id}/scopes`), written by codegen. */
  apiPath?: string;
  /** The error code (404) of removing a link that does not exist; default the target's not-found code. */
  missingLinkCode?: string;
  /** What `PUT` answers: 200 with `{<assignField>}` (default) or 204 without a body (`none`). */
  replaceAnswer?: 'ids' | 'none';
  /** The error code (422) of an assignment naming a missing item on either side, instead of its 404. */
  unknownCode?: string;
  /** The linked list: always paged (default), or whole without `Total-Number` when no page is asked for. */
  pagination?: 'optional' | 'required';
  /** The linked list's search parameter and how it matches (default `search`, an ILIKE pattern). */
  search?: SearchQuery;
  createField?: string;
  /** False: no routes below the side's items; the links are made through `createField` only. */
  routes?: false;
  /** The webhook event announced after links from this side change, with the ids added and removed. */
  linkEvent?: string;
  /**
   * A webhook event announced with the source's key after links from this side change (assign, replace, remove) and
   * when an item is created linking some through `createField` (Logto's `OrganizationRole.Scopes.Updated`).
   */
  changeEvent?: string;
  /**
   * Each source's links are counted by triggers in the writing transaction (the relation table's row counters,
   * grouped by the source's keys): the linked list without a search reads its total from them.
   */
  counted?: boolean;
  /** The console's pickers offer only the targets matching this (an organization member's user-type roles). */
  offer?: RecordCondition;
  embed?: { property: string; target: string; foreignKey: string }[];
  /** The relation's own fields (besides the tenant and both keys), e.g. `createdAt` or a note; timestamps as dates. */
  attributes: { field: string; render: 'text' | 'date' }[];
  /** Attribute fields an assignment may set (writable ones). */
  assignAttributes: string[];
  /** Each listed item carries the relation's attributes under this property, e.g. `membership`. */
  attributesAs?: string;
}

/** A body field of an assignment naming targets by one of their unique fields; `missingCode` answers unknown ones. */
export interface AssignByName {
  field: string;
  targetField: string;
  missingCode: string;
}

/**
 * Per listed item, the items linked to the link itself (a member's roles in one organization): `relation` names the
 * link's relation (its side's `api.name`), `fields` the fields each carries under `property`.
 */
export interface NestedLinks {
  property: string;
  relation: string;
  fields: string[];
  /** The linked list's query parameter keeping the items whose link is linked to the id it gives. */
  filterParam?: string;
  /** Filled in by codegen from the nested relation: the entity linked, the assignment's field, its path segment. */
  target?: string;
  assignField?: string;
  segment?: string;
  /** In the console's model: the path of one link's nested links (`/organizations/{id}/users/{targetId}/roles`). */
  apiPath?: string;
  offer?: RecordCondition;
}

/**
 * `GET …/{segment}` below the source lists, once each, the items that the linked items link to through their own
 * relation `relation` (its side's `api.name` on the target): a member's organization permissions through the roles.
 */
export interface ReachedLinks {
  name: string;
  segment?: string;
  relation: string;
}

/** A relation as a descriptor declares it inside an entity (children only; joins are relation entities). */
export type DeclaredRelation = ChildrenRelation;
export type Relation = ChildrenRelation | LinkedRelation;

/**
 * One side of a relation entity: the entity it links and the relation's field(s) holding that entity's key. A side
 * that is itself a relation (roles per membership) is keyed by both of that relation's keys.
 */
export interface RelationSide {
  entity: string;
  keys: string[];
  /** The side entity's table and the columns the keys refer to. */
  refTable: string;
  refColumns: string[];
}

/** The answer field listing the ids an assignment added (`roleIds` → `addedRoleIds`). */
export const addedField = (assignField: string) => `added${assignField.charAt(0).toUpperCase()}${assignField.slice(1)}`;

/** Where an entity's model keeps the body of a bulk assignment below one of its relations (`users/roles`). */
export const bulkFormKey = (relation: LinkedRelation, nested: LinkedRelation) => `${relation.name}/${nested.name}`;
