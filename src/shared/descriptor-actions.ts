/** An entity's API actions: routes beyond create, read, update and delete, served by named handlers. */
import type { FormModel } from './form-model.js';

export interface ApiAction {
  key: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /**
   * The segments after the item or collection path (`{name}` segments are path parameters); empty for an action on
   * the collection's path itself.
   */
  path: string;
  handler: string;
  /** 302: the handler's answer is the URL the caller is sent to. */
  status: 200 | 201 | 204 | 302;
  /** The status of an answer the handler marks `created` (a PUT that inserted what its path names); status is 200. */
  createdStatus?: 201;
  summary: string;
  /** Where the action lives: below an item (default) or on the collection (a service's own path). */
  on?: 'item' | 'collection';
  /** Scopes the caller needs; default the entity's read scopes for `GET` and `readOnly`, its write scopes otherwise. */
  scopes?: string[];
  /** A `POST` that changes nothing (its body only asks a question): it runs as a read, unaudited. */
  readOnly?: true;
  /** Entity fields the request body carries, all required. */
  bodyFields?: string[];
  /** Entity fields the request body may carry (none required, at least one). */
  optionalBodyFields?: string[];
  /** The request body is the value of this entity field. */
  bodyField?: string;
  /** The override authenticates the caller itself; the bearer guard leaves the route alone. */
  authenticatedBy?: 'handler';
  /** The body may also come as an HTML form's fields, as a browser posts it (other routes take JSON only). */
  formBody?: true;
  /** The answer is an object of these entity fields instead of the entity. */
  responseFields?: string[];
  /** The answer is the value of this entity field. */
  responseField?: string;
  /** The request body follows this `$defs` entry of the entity's schema. */
  bodySchema?: string;
  /** The answer follows this `$defs` entry of the entity's schema, sent as the handler returns it. */
  responseSchema?: string;
  /** The answer is a document of this media type (`text/html`), the handler's text, instead of JSON. */
  responseType?: string;
  /** The query parameters are the properties of this `$defs` entry of the entity's schema. */
  querySchema?: string;
  /** Path parameters of the action's path described by the properties of this `$defs` entry (an enum, a pattern). */
  paramsSchema?: string;
}

/** An action as the server sees it: with its body schema compiled. */
export interface ActionModel extends ApiAction {
  body?: FormModel;
  /** The query's validator (each parameter in its raw, textual form), with `querySchema`. */
  query?: FormModel;
  /** The path parameters' validator, with `paramsSchema`. */
  params?: FormModel;
}

/** An action that changes nothing: a `GET`, or a `POST` declared `readOnly`. */
export const changesNothing = (action: ApiAction): boolean => action.method === 'GET' || action.readOnly === true;
