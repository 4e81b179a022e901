/**
 * The whole server in this process on a free loopback port, for the sign-in benchmark and the tests (`server.ts`
 * runs it in a child process instead, apart from the load generator).
 */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../src/server/app.js';
import type { Database } from '../src/server/db/database.js';

/** A free loopback port (the server's public URL must be known before it starts, like in production). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

export interface RunningServer {
  app: FastifyInstance;
  origin: string;
  close(): Promise<void>;
}

/** The whole server on a real loopback port, its public URL set to that origin (and other options given). */
export const startServer = async (db: Database, options: Partial<AppOptions> = {}): Promise<RunningServer> => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await buildApp({ ...options, db, publicUrl: origin });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, origin, close: () => app.close() };
};
