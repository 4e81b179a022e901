/**
 * What an OpenAPI document of a hand-written API must hold, as a client typed by Logto's Management API read it (the
 * test makes the call, so the contract list sees it): its title, the server it was asked at (the tenant's path for a
 * tenant), and only operations the server routes.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export const expectDocumentedRoutes = async (
  origin: string,
  app: FastifyInstance,
  answer: { data?: unknown; response: Response },
  expected: { title: string; operation: { path: string; method: string; id: string } },
) => {
  expect(answer.response.status).toBe(200);
  const document = answer.data as {
    openapi: string;
    info: { title: string };
    servers: { url: string }[];
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  expect(document.openapi).toMatch(/^3\./);
  expect(document.info.title).toBe(expected.title);
  expect(document.servers).toEqual([{ url: origin }]);
  const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path: route, method, id: operation.operationId })),
  );
  expect(operations).toContainEqual(expected.operation);
  // Every operation it names is a route of the server.
  for (const operation of operations) {
    const url = operation.path.replace(/\{(\w+)\}/g, ':$1');
    const method = operation.method.toUpperCase() as 'GET';
    expect(app.hasRoute({ method, url }), `${operation.method} ${operation.path}`).toBe(true);
  }
  const tenant = await (await fetch(`${origin}/t/acme${new URL(answer.response.url).pathname}`)).json();
  expect(tenant.servers).toEqual([{ url: `${origin}/t/acme` }]);
};
