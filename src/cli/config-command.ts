import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/**
 * `npm run config -- export|plan|apply --dir <folder> [--url <server>] [--token <token>]`: a tenant's configuration
 * as a folder of files, through the server's `/api/config` routes, so it works against any Gatehouse.
 *
 * - `export` writes one JSON file per item (`roles/admin.json`), replacing the folder's JSON files.
 * - `plan` prints what applying the folder would create, change (field by field) and delete.
 * - `apply` makes the tenant as the folder says, in one transaction, and prints what it did.
 *
 * A secret is written as `{"$env": NAME}`; `plan` and `apply` send the value of that environment variable where it is
 * set (where it is not, the secret stays as stored).
 */
export interface ConfigOptions {
  command: 'export' | 'plan' | 'apply';
  dir: string;
  url: string;
  token?: string;
}

type Files = Record<string, Record<string, unknown>>;
interface Plan {
  steps: { file: string; kind: string; changes: { path: string; kind: string; before?: unknown; after?: unknown }[] }[];
  summary: { create: number; update: number; delete: number };
}

export const configUsage = `Usage: npm run config -- export|plan|apply --dir <folder> [--url <server>] [--token <token>]

  --url    the server (default GATEHOUSE_URL, else http://127.0.0.1:3001)
  --token  a management API access token (default GATEHOUSE_TOKEN), e.g. a machine-to-machine app's`;

export const parseConfigArgs = (argv: string[], env: NodeJS.ProcessEnv): ConfigOptions => {
  const [command, ...rest] = argv;
  if (command !== 'export' && command !== 'plan' && command !== 'apply') throw new Error(configUsage);
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (!flag?.startsWith('--') || value === undefined) throw new Error(configUsage);
    flags.set(flag.slice(2), value);
  }
  const dir = flags.get('dir');
  if (!dir) throw new Error(configUsage);
  const token = flags.get('token') ?? env.GATEHOUSE_TOKEN;
  return {
    command,
    dir,
    url: (flags.get('url') ?? env.GATEHOUSE_URL ?? 'http://127.0.0.1:3001').replace(/\/$/, ''),
    ...(token ? { token } : {}),
  };
};

const jsonFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
};

/** `{"$env": NAME}` replaced by the variable's value where it is set, all the way down. */
const resolved = (value: unknown, env: NodeJS.ProcessEnv): unknown => {
  if (Array.isArray(value)) return value.map((item) => resolved(item, env));
  if (typeof value !== 'object' || value === null) return value;
  const name = (value as { $env?: unknown }).$env;
  if (typeof name === 'string') return env[name] ?? value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolved(item, env)]));
};

const shown = (value: unknown) => (value === undefined ? '-' : JSON.stringify(value));

/** The plan as a person reads it: one line per file, one indented line per field. */
export const formatPlan = (plan: Plan, applied = false): string => {
  const lines = plan.steps.flatMap((step) => [
    `${{ create: '+', update: '~', delete: '-' }[step.kind] ?? '?'} ${step.kind} ${step.file}`,
    ...step.changes.map((change) => `    ${change.path}: ${shown(change.before)} → ${shown(change.after)}`),
  ]);
  const { create, update, delete: deleted } = plan.summary;
  const total = `${create} to create, ${update} to change, ${deleted} to delete`;
  return [...lines, plan.steps.length === 0 ? 'No changes.' : applied ? `Applied: ${total}.` : `Plan: ${total}.`].join(
    '\n',
  );
};

export const runConfigCommand = async (
  options: ConfigOptions,
  env: NodeJS.ProcessEnv = process.env,
  fetchImpl: typeof fetch = fetch,
): Promise<string> => {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetchImpl(`${options.url}/api/config/${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const file = (answer.data as { file?: string } | undefined)?.file;
      throw new Error(
        `${response.status} ${String(answer.code ?? '')}${file ? ` in ${file}` : ''}: ${String(answer.message ?? '')}`,
      );
    }
    return answer;
  };
  if (options.command === 'export') {
    const { files } = (await call('GET', 'export')) as { files: Files };
    for (const old of await jsonFiles(options.dir)) await rm(join(options.dir, old));
    for (const [path, content] of Object.entries(files)) {
      const target = join(options.dir, ...path.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, `${JSON.stringify(content, null, 2)}\n`);
    }
    return `Wrote ${Object.keys(files).length} files to ${options.dir}.`;
  }
  const files: Files = {};
  for (const path of await jsonFiles(options.dir)) {
    files[path] = resolved(JSON.parse(await readFile(join(options.dir, path), 'utf8')), env) as Record<string, unknown>;
  }
  const plan = (await call('POST', options.command, { files })) as unknown as Plan;
  return formatPlan(plan, options.command === 'apply');
};
