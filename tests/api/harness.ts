import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import { type AppOptions, buildApp } from '../../src/server/app.js';
import type { Catalog } from '../../src/server/crud/catalog.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { migrate } from '../../src/server/db/migrate.js';
import type { EntityModel } from '../../src/shared/descriptor.js';
import { migratedPgliteTemplate } from '../template-databases.js';
import { type Opened, pooled } from './database-pool.js';
import { templateCopyPrefix } from './database-templates.js';

/**
 * The databases the API tests run on: PGlite in memory always, and a Postgres server as well when DATABASE_URL
 * is set. A test file has its database to itself: a copy of the run's migrated template, which the worker empties
 * and hands to its next file when the file is done (database-pool.ts); on Postgres the run's end drops the copies.
 */
export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<OpenDatabase>;
}

type OpenDatabase = Opened;

const pglite: DatabaseTarget = {
  name: 'pglite',
  open: pooled(async () => {
    const db = await connectDatabase({ template: migratedPgliteTemplate() });
    return { db, dispose: () => db.close() };
  }),
};

/** A maintenance connection: to DATABASE_URL itself, or to its server's `postgres` database if that one is missing. */
const adminClient = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: invalid_catalog_name
    const fallback = new URL(databaseUrl);
    fallback.pathname = '/postgres';
    const other = new pg.Client({ connectionString: fallback.toString() });
    await other.connect();
    return other;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const connectionsTo = async (admin: pg.Client, database: string) => {
  const { rows } = await admin.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rows[0]?.n ?? 0;
};

const postgres = (databaseUrl: string): DatabaseTarget => ({
  name: 'postgres',
  open: pooled(async () => {
    // A copy of the run's migrated template (see database-templates.ts), when the global setup made one: named
    // after it, so that the run's end drops the copies its workers still keep.
    const template = inject('postgresTemplate');
    const name = `${template ? templateCopyPrefix(template) : 'gatehouse_api_'}${randomBytes(6).toString('hex')}`;
    const admin = await adminClient(databaseUrl);
    const drop = async () => {
      // A closed pool's connections take a moment to leave; waiting spares them an "administrator command" error.
      for (let i = 0; i < 50 && (await connectionsTo(admin, name)) > 0; i++) await sleep(100);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    };
    try {
      await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      const db = await connectDatabase({ databaseUrl: url.toString() });
      return {
        db,
        keep: Boolean(template),
        dispose: async () => {
          try {
            await db.close();
            await drop();
          } finally {
            await admin.end();
          }
        },
      };
    } catch (error) {
      await drop().catch(() => undefined);
      await admin.end();
      throw error;
    }
  }),
});

const postgresTarget = process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL) : undefined;

export const databases = (): DatabaseTarget[] => (postgresTarget ? [pglite, postgresTarget] : [pglite]);

/**
 * Every table the entities store rows in: relations first (a relation linking a relation before it), then children
 * before their parents.
 */
const tablesOf = (models: readonly EntityModel[]) => {
  const depth = (name: string): number => {
    const model = models.find((m) => m.name === name);
    const above = [model?.parent?.resource, ...(model?.sides ?? []).map((side) => side.entity)].filter(
      (entity): entity is string => Boolean(entity),
    );
    return Math.max(0, ...above.map((entity) => 1 + depth(entity))) + (model?.sides ? 100 : 0);
  };
  return [...models.filter((model) => model.table)]
    .sort((a, b) => depth(b.name) - depth(a.name))
    .map((model) => model.table);
};
export const tables = tablesOf(entityModels);

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are whatever JSON the API sent
  body: any;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The app on one database, for the tests of one `describe` block: built before them, emptied before each test,
 * closed (and its database dropped) after them.
 */
export class TestApi {
  private current?: { app: FastifyInstance; database: OpenDatabase; tables: string[] };

  constructor(
    readonly target: DatabaseTarget,
    private readonly options: Pick<ApiOptions, 'catalog' | 'app'> = {},
  ) {}

  get app(): FastifyInstance {
    if (!this.current) throw new Error('The app is built in beforeAll; use it inside tests or hooks');
    return this.current.app;
  }

  get db(): Database {
    if (!this.current) throw new Error('The database is opened in beforeAll; use it inside tests or hooks');
    return this.current.database.db;
  }

  async start() {
    const database = await this.target.open();
    try {
      const catalog = await this.options.catalog?.();
      if (catalog) await migrate(database.db, [...catalog.migrations]);
      const app = await buildApp({ db: database.db, ...(catalog ? { catalog } : {}), ...this.options.app });
      await app.ready();
      this.current = { app, database, tables: catalog ? tablesOf(catalog.models) : tables };
    } catch (error) {
      await database.dispose();
      throw error;
    }
  }

  async stop() {
    if (!this.current) return;
    const { app, database } = this.current;
    this.current = undefined;
    try {
      await app.close();
    } finally {
      await database.dispose();
    }
  }

  /** Empties every entity table; webhook deliveries still in flight finish first. */
  async reset() {
    await this.app.webhooks.idle();
    await this.app.auditLog.flush();
    // DELETE rather than TRUNCATE: on tables this small it is an order of magnitude faster.
    await this.db.exec((this.current?.tables ?? tables).map((t) => `DELETE FROM "${t}";`).join('\n'));
  }

  async request(method: Method, url: string, payload?: unknown, headers?: InjectOptions['headers']): Promise<Reply> {
    const response = await this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      ...(headers ? { headers } : {}),
    });
    const text = response.body;
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
    return { status: response.statusCode, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown) => this.request('POST', url, payload);
  patch = (url: string, payload?: unknown) => this.request('PATCH', url, payload);
  delete = (url: string) => this.request('DELETE', url);

  /** Creates through the API and insists it worked; returns the created entity. */
  async create(url: string, payload: unknown) {
    const reply = await this.post(url, payload);
    if (reply.status !== 200 && reply.status !== 201) {
      throw new Error(`POST ${url} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    }
    return reply.body;
  }

  /** Rows of a table across all tenants, read straight from the database. */
  async count(table: string, where = 'TRUE', params: unknown[] = []) {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  /** Serves the app on a random loopback port (closed with the app); returns its base URL. */
  async listen(): Promise<string> {
    await this.app.listen({ port: 0, host: '127.0.0.1' });
    const address = this.app.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }
}

/** Registers the lifecycle hooks of a `describe` block and returns its app. */
export interface ApiOptions {
  resetBeforeEach?: boolean;
  /** What the server serves, e.g. test-only entities compiled by codegen (default: the generated catalog). */
  catalog?: () => Promise<Catalog>;
  /** More options of `buildApp` (audit sink, write stages, ...). */
  app?: Partial<Omit<AppOptions, 'db' | 'catalog'>>;
}

export const useApi = (target: DatabaseTarget, options: ApiOptions = {}): TestApi => {
  const api = new TestApi(target, options);
  beforeAll(() => api.start());
  afterAll(() => api.stop());
  if (options.resetBeforeEach ?? true) beforeEach(() => api.reset());
  return api;
};

/** A short random suffix that keeps names unique across tests sharing a database. */
export const unique = (prefix = '') => `${prefix}${randomBytes(4).toString('hex')}`;
