/**
 * The Logto contract tests' shapes: Logto's Management API types (from `@logto/api`) turned into lists of required
 * fields and their JSON kinds, checked against Logto's types at compile time, and the assertions that use them.
 */
import type { Client } from 'openapi-fetch';
import { expect } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';

export type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
/** The JSON kinds a TypeScript type allows (distributes over unions: `string | null` → 'string' | 'null'). */
export type KindOf<V> = V extends string
  ? 'string'
  : V extends number
    ? 'number'
    : V extends boolean
      ? 'boolean'
      : V extends null
        ? 'null'
        : V extends readonly unknown[]
          ? 'array'
          : V extends object
            ? 'object'
            : never;
export type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** One entry per required key of T, naming the kinds its value may have: a missing or extra key does not compile. */
export type Shape<T> = { [K in RequiredKeys<T>]-?: readonly [KindOf<T[K]>, ...KindOf<T[K]>[]] };

export const kindOf = (value: unknown): Kind =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as Kind);

/** Asserts that `value` has every key of `shape`, each of one of the kinds listed. */
export const expectShape = <T>(value: T | undefined, shape: Shape<NonNullable<T>>, label: string) => {
  expect(kindOf(value), label).toBe('object');
  const record = value as Record<string, unknown>;
  for (const [key, kinds] of Object.entries(shape) as [string, readonly Kind[]][]) {
    expect(key in record, `${label}: missing required key ${key}`).toBe(true);
    expect(kinds, `${label}.${key} is ${JSON.stringify(record[key])}`).toContain(kindOf(record[key]));
  }
};

export type Json<P extends keyof paths, M extends 'get' | 'post' | 'patch', S extends number> = paths[P][M] extends {
  responses: { [status in S]: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

export type Resource = Json<'/api/resources/{id}', 'get', 200>;
export type Scope = Json<'/api/resources/{resourceId}/scopes', 'post', 201>;
export type Role = Json<'/api/roles/{id}', 'get', 200>;
export type ListedRole = Json<'/api/roles', 'get', 200>[number];
export type FeaturedUser = ListedRole['featuredUsers'][number];
export type FeaturedApplication = ListedRole['featuredApplications'][number];
export type RoleScope = Json<'/api/roles/{id}/scopes', 'get', 200>[number];
export type Hook = Json<'/api/hooks/{id}', 'get', 200>;
export type Application = Json<'/api/applications/{id}', 'patch', 200>;
export type ApplicationSecret = Json<'/api/applications/{id}/secrets', 'post', 201>;
export type ApplicationRole = Json<'/api/applications/{applicationId}/roles', 'get', 200>[number];
export type TotalUsers = Json<'/api/dashboard/users/total', 'get', 200>;
export type NewUsers = Json<'/api/dashboard/users/new', 'get', 200>;
export type ActiveUsers = Json<'/api/dashboard/users/active', 'get', 200>;
export type OidcClientMetadata = NonNullable<
  paths['/api/applications']['post']['requestBody']
>['content']['application/json']['oidcClientMetadata'];

export const resourceShape: Shape<Resource> = {
  tenantId: ['string'],
  id: ['string'],
  name: ['string'],
  indicator: ['string'],
  isDefault: ['boolean'],
  accessTokenTtl: ['number'],
};
export const scopeShape: Shape<Scope> = {
  tenantId: ['string'],
  id: ['string'],
  resourceId: ['string'],
  name: ['string'],
  description: ['string', 'null'],
  createdAt: ['number'],
};
export const roleShape: Shape<Role> = {
  tenantId: ['string'],
  id: ['string'],
  name: ['string'],
  description: ['string'],
  type: ['string'],
  isDefault: ['boolean'],
};
export const listedRoleShape: Shape<ListedRole> = {
  ...roleShape,
  usersCount: ['number'],
  featuredUsers: ['array'],
  applicationsCount: ['number'],
  featuredApplications: ['array'],
};
export const featuredUserShape: Shape<FeaturedUser> = {
  id: ['string'],
  avatar: ['string', 'null'],
  name: ['string', 'null'],
};
export const featuredApplicationShape: Shape<FeaturedApplication> = {
  id: ['string'],
  name: ['string'],
  type: ['string'],
};
export const roleScopeShape: Shape<RoleScope> = { ...scopeShape, resource: ['object'] };
export const hookShape: Shape<Hook> = {
  tenantId: ['string'],
  id: ['string'],
  name: ['string'],
  event: ['string', 'null'],
  events: ['array'],
  config: ['object'],
  signingKey: ['string'],
  enabled: ['boolean'],
  createdAt: ['number'],
};
export const hookConfigShape: Shape<Hook['config']> = { url: ['string'] };
export const applicationShape: Shape<Application> = {
  tenantId: ['string'],
  id: ['string'],
  name: ['string'],
  description: ['string', 'null'],
  type: ['string'],
  oidcClientMetadata: ['object'],
  customClientMetadata: ['object'],
  protectedAppMetadata: ['object', 'null'],
  customData: ['object'],
  isThirdParty: ['boolean'],
  appLevelAccessControlEnabled: ['boolean'],
  createdAt: ['number'],
};
export const oidcClientMetadataShape: Shape<Application['oidcClientMetadata']> = {
  redirectUris: ['array'],
  postLogoutRedirectUris: ['array'],
};
export const applicationSecretShape: Shape<ApplicationSecret> = {
  tenantId: ['string'],
  applicationId: ['string'],
  name: ['string'],
  value: ['string'],
  createdAt: ['number'],
  expiresAt: ['number', 'null'],
};
export const applicationRoleShape: Shape<ApplicationRole> = roleShape;

export const countShape: Shape<NewUsers['today']> = { count: ['number'], delta: ['number'] };
export const newUsersShape: Shape<NewUsers> = { today: ['object'], last7Days: ['object'] };
export const activeUsersShape: Shape<ActiveUsers> = {
  dauCurve: ['array'],
  dau: ['object'],
  wau: ['object'],
  mau: ['object'],
};
export const dauShape: Shape<ActiveUsers['dauCurve'][number]> = { date: ['string'], count: ['number'] };

/** Logto's types describe redirect URIs as objects (a refinement they cannot express); the wire carries strings. */
export const uris = (...values: string[]) => values as unknown as NonNullable<OidcClientMetadata>['redirectUris'];

export const expectApplication = (value: unknown, label: string) => {
  expectShape(value as Application, applicationShape, label);
  expectShape((value as Application).oidcClientMetadata, oidcClientMetadataShape, `${label}.oidcClientMetadata`);
};

/** Creates resources and scopes for a test, checking each answer's shape on the way. */
export const resourceHelpers = (clientOf: () => Client<paths>) => {
  const newResource = async (indicator = 'https://orders.example.com') => {
    const { data, response } = await clientOf().POST('/api/resources', {
      body: { name: 'Orders', indicator, accessTokenTtl: 7200 },
    });
    expect(response.status).toBe(201);
    expectShape(data, resourceShape, 'CreateResource');
    if (!data) throw new Error('CreateResource returned no body');
    return data;
  };

  const newScope = async (resourceId: string, name: string) => {
    const { data, response } = await clientOf().POST('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId } },
      body: { name, description: `Allows ${name}` },
    });
    expect(response.status).toBe(201);
    expectShape(data, scopeShape, 'CreateResourceScope');
    if (!data) throw new Error('CreateResourceScope returned no body');
    return data;
  };
  return { newResource, newScope };
};
