import { describe, expect, it } from 'vitest';
import { keptFields, patchBody } from '../../../src/console/generic/patch-body';
import { requireResource } from '../../../src/console/registry';
import type { JSONSchema7 } from '../../../src/shared/json-schema';

/** The settings form of applications: `description` is optional and nullable, `name` is required. */
const settings = (): Record<string, JSONSchema7> => {
  const tab = requireResource('application').detail?.tabs.find((t) => t.kind === 'form');
  return (tab?.kind === 'form' ? tab.form.schema.properties : undefined) ?? {};
};

describe('the PATCH body of a settings form', () => {
  const saved = { name: 'Ledger', description: 'Posts the nightly totals' };

  it('sends null for an emptied nullable field, which clears it', () => {
    expect(settings().description?.type).toEqual(['string', 'null']);
    expect(patchBody({ name: 'Ledger', description: undefined }, saved, settings())).toEqual({
      body: { description: null },
      cleared: [],
    });
  });

  it('sends nothing for an untouched nullable field stored as null', () => {
    expect(patchBody({ name: 'Ledger 2', description: null }, { ...saved, description: null }, settings())).toEqual({
      body: { name: 'Ledger 2' },
      cleared: [],
    });
  });

  it('reports an emptied field that cannot be null as cleared, so the form marks it required', () => {
    expect(patchBody({ description: 'x' }, saved, settings())).toEqual({
      body: { description: 'x' },
      cleared: ['name'],
    });
    expect(keptFields(settings())).toContain('name');
    expect(keptFields(settings())).not.toContain('description');
  });
});
