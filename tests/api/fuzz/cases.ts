import { readFileSync } from 'node:fs';
import type { Method } from '../harness.js';

/** Schema-driven bad input for every list and write route of the generated OpenAPI document. */

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI and JSON Schema documents are walked as plain JSON
type Json = any;

export const openapi: Json = JSON.parse(
  readFileSync(new URL('../../../src/generated/openapi.json', import.meta.url), 'utf8'),
);

/** A small deterministic PRNG (mulberry32), so every run sends the same cases. */
export const prng = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, count);
  };
  return { next, pick, sample };
};

const nest = (depth: number): Json => (depth === 0 ? 1 : { a: nest(depth - 1) });

/** Values of the wrong type, out of range, too long, oddly encoded or too deep, for any field. */
export const badValues: readonly Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  -1e21,
  1e308,
  -1e308,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'x'.repeat(5000),
  '😀'.repeat(1500),
  '\u202e\u0301\ufeff',
  "'; DROP TABLE roles; --",
  '%',
  '\\',
  '%_\\',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'data:text/html,x',
  'https://',
  '9'.repeat(400),
  [],
  [null],
  ['x'],
  [1, 2],
  Array.from({ length: 300 }, (_, i) => `v${i}`),
  {},
  { a: 1 },
  { '\u0000': 1 },
  nest(30),
  nest(80),
];

/** Query values as they appear in a URL (already encoded): numbers at the edges, odd text, bad UTF-8. */
export const badQueryValues: readonly string[] = [
  '',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '9007199254740993',
  'abc',
  'true',
  'maybe',
  '%25',
  '%5C',
  '%25%5C',
  '%25_%5C%5C%5C',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%F0%9F%98%80'.repeat(50),
  'x'.repeat(3000),
  '%27%3B%20DROP%20TABLE%20roles%3B%20--',
];

/** A schema with its `$ref` followed, in `doc` (the generated document unless told). */
export const resolve = (schema: Json, doc: Json = openapi): Json => {
  if (schema?.$ref) return resolve(doc.components.schemas[String(schema.$ref).split('/').at(-1) as string], doc);
  return schema ?? {};
};

/** The branch a polymorphic field (`oneOf` with a discriminator) is given in generated bodies: its first. */
const firstBranch = (schema: Json, doc: Json): Json =>
  Array.isArray(schema.oneOf) ? resolve(schema.oneOf[0], doc) : schema;

let counter = 0;
/** A valid value for a schema (required properties only), unique where names must be. */
export const validValue = (raw: Json, name = 'value', doc: Json = openapi): Json => {
  const schema = firstBranch(resolve(raw, doc), doc);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'object') {
    const properties = schema.properties ?? {};
    return Object.fromEntries(
      (schema.required ?? []).map((key: string) => [key, validValue(properties[key], key, doc)]),
    );
  }
  if (type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => validValue(schema.items, name, doc));
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (schema.pattern === '^https://') return `https://127.0.0.1:9/${name}-${++counter}`;
  if (schema.format === 'uri' || schema.format === 'redirect-uri' || schema.pattern === '^https?://') {
    return `http://127.0.0.1:9/${name}-${++counter}`;
  }
  return `${name}-${++counter}`.slice(0, schema.maxLength ?? 64);
};

/**
 * JSON pointers of every field of a body schema, nested objects and array items included; for a polymorphic field,
 * those of its first branch.
 */
export const fieldPaths = (raw: Json, prefix: string[] = [], doc: Json = openapi): string[][] => {
  const schema = firstBranch(resolve(raw, doc), doc);
  const paths: string[][] = [];
  for (const [key, sub] of Object.entries<Json>(schema.properties ?? {})) {
    const path = [...prefix, key];
    paths.push(path);
    // A polymorphic field's paths are those of the branch validValue gives it.
    const resolved = firstBranch(resolve(sub, doc), doc);
    if (resolved.properties) paths.push(...fieldPaths(resolved, path, doc));
    if (resolved.items) paths.push([...path, '0']);
  }
  return paths;
};

/** A copy of `body` with the value at `path` replaced (parents created as needed). */
export const withValue = (body: Json, path: string[], value: Json): Json => {
  const copy = structuredClone(body ?? {});
  let node = copy;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) node[key] = value;
    else {
      if (node[key] === null || typeof node[key] !== 'object')
        node[key] = /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
      node = node[key];
    }
  }
  return copy;
};

export interface Route {
  method: Method;
  path: string;
  queryParams: string[];
  body?: Json;
  /** The media types of its documented successful answers (JSON, or a page of its own). */
  answers: string[];
}

/** Every list route (GET with query parameters) and write route (POST, PATCH, PUT) of the document. */
export const routes = (): Route[] =>
  Object.entries<Json>(openapi.paths).flatMap(([path, operations]) =>
    Object.entries<Json>(operations).flatMap(([method, operation]): Route[] => {
      const upper = method.toUpperCase() as Method;
      const queryParams = (operation.parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => p.name);
      if (upper === 'GET' && queryParams.length === 0) return [];
      if (!['GET', 'POST', 'PATCH', 'PUT'].includes(upper)) return [];
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const answers = Object.entries<Json>(operation.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([, response]) => Object.keys(response.content ?? {}));
      return [{ method: upper, path, queryParams, ...(body ? { body } : {}), answers }];
    }),
  );
