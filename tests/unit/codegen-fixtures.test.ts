import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { copyProject, removeProjects, repo } from './codegen-project.js';

afterEach(removeProjects);

/** A copy of the project with its create-body fixtures. */
const withFixtures = () => {
  const root = copyProject();
  cpSync(join(repo, 'tests/fixtures'), join(root, 'tests/fixtures'), { recursive: true });
  return root;
};

describe('codegen asks for the create-body fixtures of an entity that can be created', () => {
  it('names the missing folder and what to put in it', async () => {
    const root = withFixtures();
    rmSync(join(root, 'tests/fixtures/role/create'), { recursive: true });
    const error = await generate({ root }).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.message).toContain('Create-body fixtures missing');
    expect(error?.message).toContain('tests/fixtures/role/create/ (src/entities/role/resource.json can be created)');
    expect(error?.message).toContain('valid/minimal.json and valid/full.json');
    expect(error?.message).toContain('the least it needs (name, description)');
    expect(error?.message).toContain('invalid/*.json, at least five');
  });

  it('accepts the project as it is, and a folder found in any of the fixture directories', async () => {
    const root = withFixtures();
    await expect(generate({ root })).resolves.toBeDefined();
    cpSync(join(root, 'tests/fixtures/role'), join(root, 'more/role'), { recursive: true });
    rmSync(join(root, 'tests/fixtures/role'), { recursive: true });
    await expect(generate({ root, fixtureDirs: ['tests/fixtures', 'more'] })).resolves.toBeDefined();
  });
});
