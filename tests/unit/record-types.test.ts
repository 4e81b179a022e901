import { describe, expect, it } from 'vitest';
import { recordTypes } from '../../codegen/record-types.js';
import { entityModels } from '../../src/generated/entities.js';

const typeBody = (source: string, name: string) => {
  const start = source.indexOf(`        ${name}: {`);
  const end = source.indexOf('\n        };', start);
  return source.slice(start, end);
};

describe('stored record types', () => {
  it('type a user as the server reads it: the password hash in, the derived and write-only fields out', async () => {
    const user = typeBody(await recordTypes(entityModels, ''), 'UserRecord');
    expect(user).toMatch(/passwordEncrypted: string \| null;/);
    expect(user).toMatch(/customData: Record<string, unknown>;/);
    expect(user).not.toMatch(/hasPassword/);
    expect(user).not.toMatch(/\bpassword\??:/);
  });

  it('name one record type per stored entity, none for those without a table', async () => {
    const source = await recordTypes(entityModels, '');
    const aliases = [...source.matchAll(/^export type (\w+)Record = /gm)].map((match) => match[1]);
    const stored = entityModels.filter((model) => model.columns.length > 0);
    expect(aliases).toHaveLength(stored.length);
    expect(entityModels.some((model) => model.columns.length === 0)).toBe(true);
  });
});
