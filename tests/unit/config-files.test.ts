import { describe, expect, it } from 'vitest';
import { type AsCodeModel, fileOf, pathOf, readFiles } from '../../src/entities/configBundle/server/files.js';
import type { ApiError } from '../../src/server/http/api-error.js';

/** A model as codegen writes it, with only what the files read: the create body's fields and a secret field. */
const model = {
  name: 'widget',
  asCode: { key: 'name', folder: 'widgets' },
  schema: { properties: { name: { type: 'string' }, secret: { type: 'string', 'x-secret': true } } },
  requestBodies: { create: { schema: { properties: { name: {}, settings: {}, secret: {} } } } },
} as unknown as AsCodeModel;

describe('configuration files', () => {
  it('write the create fields in a stable order, a secret as the environment variable to read it from', () => {
    const file = fileOf(model, { id: 'w1', name: 'Shop: main', secret: 's3cr3t', settings: { b: 1, a: [2, 1] } });
    expect(JSON.stringify(file)).toBe(
      '{"name":"Shop: main","secret":{"$env":"WIDGETS_SHOP_MAIN_SECRET"},"settings":{"a":[2,1],"b":1}}',
    );
    expect(pathOf(model, 'Shop: main')).toBe('widgets/Shop_ main.json');
  });

  it('are read by folder and key, and refused outside the folders, unnamed or named twice', () => {
    const read = readFiles([model], { 'widgets/a.json': { name: 'A' } });
    expect([...(read.get(model)?.keys() ?? [])]).toEqual(['A']);
    const code = (files: Record<string, Record<string, unknown>>) => {
      try {
        readFiles([model], files);
        return 'read';
      } catch (error) {
        return (error as ApiError).code;
      }
    };
    expect(code({ 'gadgets/a.json': { name: 'A' } })).toBe('config.unknown_file');
    expect(code({ 'widgets/a.txt': { name: 'A' } })).toBe('config.unknown_file');
    expect(code({ 'widgets/a.json': { title: 'A' } })).toBe('config.missing_key');
    expect(code({ 'widgets/a.json': { name: 'A' }, 'widgets/b.json': { name: 'A' } })).toBe('config.duplicate_key');
  });
});
