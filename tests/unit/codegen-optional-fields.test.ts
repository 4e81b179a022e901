import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { applyPatch, copyProject, editJson, removeProjects } from './codegen-project.js';

afterEach(removeProjects);

describe('optional properties', () => {
  it('allow null: stored in a nullable column', async () => {
    const root = copyProject();
    applyPatch(root, 'docs/guide/examples/optional-field.patch.json');
    const { files, newMigration } = await generate({ root, migrationName: 'role note' });
    expect(files.get(newMigration ?? '')).toContain('ALTER TABLE "roles" ADD COLUMN "note" varchar(200);');
    const openapi = JSON.parse(files.get('src/generated/openapi.json') ?? '{}');
    expect(openapi.components.schemas.Role.properties.note.type).toEqual(['string', 'null']);
  });

  it('or have a default: stored non-null', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
      schema.properties.note = { type: 'string', maxLength: 200, default: '' };
    });
    const { files, newMigration } = await generate({ root, migrationName: 'role note' });
    expect(files.get(newMigration ?? '')).toContain(`ADD COLUMN "note" varchar(200) NOT NULL DEFAULT '';`);
  });

  it('are rejected otherwise, with what to write', async () => {
    const root = copyProject();
    editJson(join(root, 'src/entities/role/schema.json'), (schema) => {
      schema.properties.note = { type: 'string', maxLength: 200 };
    });
    await expect(generate({ root })).rejects.toThrow(
      'src/entities/role/schema.json#/properties/note: an optional property must allow null or have a default; write "type": ["string","null"] (stored as NULL, cleared with null), or a "default", or list it in "required"',
    );
  });
});
