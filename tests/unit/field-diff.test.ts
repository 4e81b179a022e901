import { describe, expect, it } from 'vitest';
import { fieldDiff } from '../../src/shared/field-diff.js';

describe('the field-by-field diff of two versions', () => {
  it('names each nested field added, removed or changed, a list as a whole, and nothing for equal values', () => {
    const before = {
      name: 'Storefront',
      description: 'The shop',
      oidcClientMetadata: { redirectUris: ['https://a.example/cb'], postLogoutRedirectUris: [] },
      customData: { b: 1, a: 2 },
    };
    const after = {
      name: 'Storefront',
      oidcClientMetadata: {
        redirectUris: ['https://a.example/cb', 'https://b.example/cb'],
        postLogoutRedirectUris: [],
      },
      customData: { a: 2, b: 1 },
      isThirdParty: true,
    };
    expect(fieldDiff(before, after)).toEqual([
      { path: 'description', kind: 'removed', before: 'The shop' },
      { path: 'isThirdParty', kind: 'added', after: true },
      {
        path: 'oidcClientMetadata.redirectUris',
        kind: 'changed',
        before: ['https://a.example/cb'],
        after: ['https://a.example/cb', 'https://b.example/cb'],
      },
    ]);
  });

  it('lists every field of a created or deleted item, and a secret digest that changed', () => {
    expect(fieldDiff(null, { name: 'x' })).toEqual([{ path: 'name', kind: 'added', after: 'x' }]);
    expect(fieldDiff({ name: 'x' }, null)).toEqual([{ path: 'name', kind: 'removed', before: 'x' }]);
    expect(fieldDiff({ secret: { $secret: 'aa' } }, { secret: { $secret: 'bb' } })).toEqual([
      { path: 'secret', kind: 'changed', before: { $secret: 'aa' }, after: { $secret: 'bb' } },
    ]);
    expect(fieldDiff({ secret: { $secret: 'aa' } }, { secret: { $secret: 'aa' } })).toEqual([]);
  });
});
