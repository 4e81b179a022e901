/**
 * The edition switch: `GATEHOUSE_EDITION` chooses oss (the default) or cloud and refuses anything else; a server
 * serves the entities of its edition and of both, and its management API document leaves the other edition's
 * operations out.
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { documentForEdition, servesEdition } from '../../src/server/crud/editions.js';
import { StartRefused } from '../../src/server/start-refused.js';

describe('the edition switch', () => {
  it('runs as the open-source edition unless GATEHOUSE_EDITION says cloud, and refuses another value', () => {
    expect(readConfig({}).edition).toBe('oss');
    expect(readConfig({ GATEHOUSE_EDITION: 'cloud' }).edition).toBe('cloud');
    expect(() => readConfig({ GATEHOUSE_EDITION: 'enterprise' })).toThrow(StartRefused);
    expect(() => readConfig({ GATEHOUSE_EDITION: 'enterprise' })).toThrow(/GATEHOUSE_EDITION must be oss or cloud/);
  });

  it('serves the entities of both editions everywhere, an edition’s own only there', () => {
    expect([servesEdition('all', 'oss'), servesEdition('all', 'cloud')]).toEqual([true, true]);
    expect([servesEdition('cloud', 'oss'), servesEdition('cloud', 'cloud')]).toEqual([false, true]);
    expect([servesEdition('oss', 'oss'), servesEdition('oss', 'cloud')]).toEqual([true, false]);
  });

  it('leaves the other edition’s operations, and paths left empty, out of the document', () => {
    const document = {
      openapi: '3.1.0',
      paths: {
        '/api/roles': { get: { operationId: 'ListRoles' } },
        '/api/tenants': { get: { operationId: 'ListTenants', 'x-edition': 'cloud' } },
        '/api/mixed': { get: { operationId: 'A' }, post: { operationId: 'B', 'x-edition': 'cloud' } },
      },
    };
    const json = JSON.stringify(document);
    const oss = JSON.parse(documentForEdition(json, 'oss'));
    expect(Object.keys(oss.paths)).toEqual(['/api/roles', '/api/mixed']);
    expect(Object.keys(oss.paths['/api/mixed'])).toEqual(['get']);
    const cloud = JSON.parse(documentForEdition(json, 'cloud'));
    expect(Object.keys(cloud.paths)).toEqual(['/api/roles', '/api/tenants', '/api/mixed']);
    // A document without marks is served as it is.
    const plain = JSON.stringify({ paths: { '/api/roles': { get: {} } } });
    expect(documentForEdition(plain, 'oss')).toBe(plain);
  });
});
