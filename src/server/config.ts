import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  consoleDir: string;
}

/** Reads the server's settings from the environment: PORT, HOST, DATABASE_URL, DATA_DIR. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const port = Number(env.PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    // No sign-in exists yet: listen on loopback only unless the operator says otherwise.
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR || 'data'),
    consoleDir: resolve(env.CONSOLE_DIR || 'dist/console'),
  };
};
