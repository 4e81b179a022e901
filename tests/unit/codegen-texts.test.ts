import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { applyPatch, copyProject, editJson, generatedValue, removeProjects } from './codegen-project.js';

afterEach(removeProjects);

const requiredKeys = (files: Map<string, string>) =>
  (JSON.parse(files.get('src/generated/i18n-keys.json') ?? '{}') as { required: Record<string, string> }).required;

describe('codegen lists every translation key the console needs', () => {
  it('rejects a new form field without its English label, naming the file and the key', async () => {
    const root = copyProject();
    applyPatch(root, 'docs/guide/examples/add-field.patch.json');
    editJson(join(root, 'src/entities/role/locales/en.json'), (texts) => {
      delete texts.fields.role.priority;
    });
    await expect(generate({ root })).rejects.toThrow(
      'src/entities/role/locales/en.json: fields.role.priority (label of form field role.priority)',
    );
  });

  it('accepts the field once the label is there, and lists the key in src/generated/i18n-keys.json', async () => {
    const root = copyProject();
    applyPatch(root, 'docs/guide/examples/add-field.patch.json');
    const { files } = await generate({ root, migrationName: 'add role priority' });
    expect(requiredKeys(files)['fields.role.priority']).toBe('label of form field role.priority');
  });

  it('rejects an enum value without its label', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
      schema.properties.type.enum.push('Robot');
    });
    await expect(generate({ root })).rejects.toThrow(
      'src/entities/role/locales/en.json: roles.type.Robot (option of form field role.type, value Robot)',
    );
  });

  it('reports a text nothing uses inside a subtree the registry owns (the label of a removed field)', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/locales/en.json'), (texts) => {
      texts.fields.role.retired = 'Retired';
    });
    await expect(generate({ root })).rejects.toThrow(
      /English texts nothing uses \(remove them\):\n {2}src\/entities\/role\/locales\/en\.json: fields\.role\.retired/,
    );
  });
});

describe('codegen generates the error codes descriptors name', () => {
  it('gives a new code its status and English message, and requires its console text', async () => {
    const root = copyProject();
    applyPatch(root, 'docs/guide/examples/new-error-code.patch.json');
    const { files } = await generate({ root, migrationName: 'unique hook names' });
    const codes = generatedValue(files, 'src/generated/error-codes.ts') as Record<string, unknown>;
    expect(codes['hook.name_in_use']).toEqual({ status: 422, message: 'The hook name {{name}} is already in use.' });
    expect(requiredKeys(files)['errors.hook.name_in_use']).toBe('error code hook.name_in_use');

    editJson(join(root, 'src/console/locales/en/errors.json'), (texts) => {
      delete texts.errors.hook.name_in_use;
    });
    await expect(generate({ root })).rejects.toThrow(
      'src/console/locales/en/errors.json: errors.hook.name_in_use (error code hook.name_in_use)',
    );
  });

  it('rejects a descriptor code that src/shared/hand-written-error-codes.ts gives another status', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/resource.json'), (descriptor) => {
      descriptor.unique[0].code = 'auth.forbidden';
    });
    await expect(generate({ root })).rejects.toThrow(
      'src/entities/role/resource.json unique: auth.forbidden answers 422, but src/shared/hand-written-error-codes.ts gives it 403',
    );
  });
});

describe('codegen checks sidebar icons', () => {
  it('refuses a name that is no icon of the icon library and suggests near ones', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/resource.json'), (descriptor) => {
      descriptor.console.sidebar.icon = 'Crown';
    });
    await expect(generate({ root })).rejects.toThrow(
      'src/entities/role/resource.json console.sidebar.icon: "Crown" is no icon of @ant-design/icons; did you mean CrownFilled, CrownOutlined, CrownTwoTone?',
    );
  });

  it('takes any icon of the library with no other edit, and imports only the icons named', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/resource.json'), (descriptor) => {
      descriptor.console.sidebar.icon = 'CrownOutlined';
    });
    const icons = (await generate({ root })).files.get('src/generated/icons.ts') ?? '';
    expect(icons).toContain("import CrownOutlined from '@ant-design/icons/CrownOutlined';");
    expect(icons).not.toContain('TeamOutlined');
    const imports = [...icons.matchAll(/^import (\w+) from '@ant-design\/icons\/\w+';$/gm)].map(([, name]) => name);
    const named = readdirSync(join(root, 'src/entities')).flatMap((folder) => {
      const file = join(root, 'src/entities', folder, 'resource.json');
      const icon = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).console?.sidebar?.icon : undefined;
      return icon ? [icon] : [];
    });
    expect(imports).toEqual([...new Set(named)].sort());
  });
});
