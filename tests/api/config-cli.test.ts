/**
 * `npm run config`: exports a tenant into a folder of files, then (after a change in the tenant and an edit of a file)
 * `plan` prints exactly those changes and `apply` makes the tenant as the folder says.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigOptions, parseConfigArgs, runConfigCommand } from '../../src/cli/config-command.js';
import { databases, useApi } from './harness.js';

describe.each(databases().slice(0, 1))('the configuration command on $name', (target) => {
  const api = useApi(target, { resetBeforeEach: false });
  let dir = '';
  let url = '';
  const run = (command: ConfigOptions['command']) => runConfigCommand({ command, dir, url }, {});
  const roleNamed = async (name: string) =>
    ((await api.get('/api/roles')).body as { name: string; description: string; id: string }[]).find(
      (role) => role.name === name,
    );

  beforeAll(async () => {
    await api.reset();
    url = await api.listen();
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-config-'));
    await api.create('/api/roles', { name: 'clerk', description: 'Clerks' });
    await api.create('/api/roles', { name: 'manager', description: 'Managers' });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads its arguments, with the server and token from the environment by default', () => {
    expect(
      parseConfigArgs(['plan', '--dir', 'cfg'], { GATEHOUSE_URL: 'https://id.example.com/', GATEHOUSE_TOKEN: 't' }),
    ).toEqual({ command: 'plan', dir: 'cfg', url: 'https://id.example.com', token: 't' });
    expect(() => parseConfigArgs(['push', '--dir', 'cfg'], {})).toThrow(/Usage/);
    expect(() => parseConfigArgs(['plan'], {})).toThrow(/Usage/);
  });

  it('exports, plans the changes made since, and applies the folder back', async () => {
    expect(await run('export')).toMatch(/^Wrote \d+ files to /);
    const clerkFile = join(dir, 'roles', 'clerk.json');
    expect(JSON.parse(await readFile(clerkFile, 'utf8'))).toMatchObject({ name: 'clerk', description: 'Clerks' });

    // The tenant changes, and so does a file.
    const clerk = await roleNamed('clerk');
    await api.patch(`/api/roles/${clerk?.id}`, { description: 'Cashiers' });
    const managerFile = join(dir, 'roles', 'manager.json');
    const manager = JSON.parse(await readFile(managerFile, 'utf8'));
    await writeFile(managerFile, JSON.stringify({ ...manager, description: 'Leads' }));

    expect(await run('plan')).toBe(
      [
        '~ update roles/clerk.json',
        '    description: "Cashiers" → "Clerks"',
        '~ update roles/manager.json',
        '    description: "Managers" → "Leads"',
        'Plan: 0 to create, 2 to change, 0 to delete.',
      ].join('\n'),
    );
    expect(await run('apply')).toMatch(/Applied: 0 to create, 2 to change, 0 to delete\.$/);
    expect((await roleNamed('clerk'))?.description).toBe('Clerks');
    expect((await roleNamed('manager'))?.description).toBe('Leads');
    expect(await run('plan')).toBe('No changes.');
  });

  it('names the file a refusal is about', async () => {
    await writeFile(join(dir, 'roles', 'broken.json'), JSON.stringify({ name: 'broken', type: 'NotAType' }));
    await expect(run('apply')).rejects.toThrow(/^400 guard\.invalid_input in roles\/broken\.json/);
    expect(await roleNamed('broken')).toBeUndefined();
  });
});
