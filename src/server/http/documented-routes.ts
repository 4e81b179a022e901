import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type JsonSchema = Record<string, unknown>;

/** One operation of a hand-written API: what the route serves and what its OpenAPI document says of it. */
export interface DocumentedOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the API's base (`/verification/password`), parameters as `:name`. */
  path: string;
  summary: string;
  tag: string;
  /** The JSON body's schema, where the operation takes one. */
  body?: JsonSchema | undefined;
  /** Each status the operation answers: what it means, and the JSON it carries. */
  responses: Record<number, { description: string; schema?: JsonSchema | undefined }>;
}

/** A route of a documented operation: its method and path come from the operation, so the document cannot drift. */
export const documentedRoute = (
  scope: FastifyInstance,
  base: string,
  operation: DocumentedOperation,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) => scope.route({ method: operation.method, url: `${base}${operation.path}`, handler });

const errorBody = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' }, data: {} },
};

/**
 * The OpenAPI 3.0 document of a hand-written API from its operations, at the server's origin (`servers`), paths
 * below `base` as clients call them.
 */
export const openApiDocument = (options: {
  title: string;
  description: string;
  server: string;
  base: string;
  operations: readonly DocumentedOperation[];
}) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of options.operations) {
    const path = `${options.base}${operation.path}`.replace(/:(\w+)/g, '{$1}');
    const parameters = [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, { description, schema }]) => {
        const body = schema ?? (Number(status) >= 400 ? errorBody : undefined);
        return [status, { description, ...(body ? { content: { 'application/json': { schema: body } } } : {}) }];
      }),
    );
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      tags: [operation.tag],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(operation.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: operation.body } } } }
        : {}),
      responses,
    };
  }
  const tags = [...new Set(options.operations.map((operation) => operation.tag))].sort().map((name) => ({ name }));
  return {
    openapi: '3.0.1',
    info: { title: options.title, description: options.description, version: '1.0.0' },
    servers: [{ url: options.server }],
    tags,
    paths,
  };
};

/** Where a tenant's API is, as the request reached it: the origin, and `/t/{tenantId}` for a tenant but the default. */
export const tenantServer = (request: FastifyRequest) => {
  const tenantId = (request.params as { tenantId?: string }).tenantId;
  return `${request.protocol}://${request.host}${tenantId ? `/t/${tenantId}` : ''}`;
};

/** Serves the OpenAPI document of a hand-written API at `{prefix}/api/.well-known/{name}` (public, as Logto's). */
export const serveDocument = (
  scope: FastifyInstance,
  prefix: string,
  name: string,
  document: (server: string) => unknown,
) => scope.get(`${prefix}/api/.well-known/${name}`, async (request) => document(tenantServer(request)));
