import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { CodegenError } from '../../codegen/errors.js';
import { recordRulesSchema, withRecordRules } from '../../codegen/record-rules.js';
import { entityModels } from '../../src/generated/entities.js';
import { validators } from '../../src/generated/validators.js';
import type { JSONSchema7 } from '../../src/shared/json-schema.js';
import { type CompiledValidator, recordRuleIssues } from '../../src/shared/record-rules.js';

const widget: JSONSchema7 = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['plain', 'linked'] },
    target: { type: ['string', 'null'], maxLength: 100 },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
/** A cross-field rule; built by key, since an object literal with `then` reads as a promise to the linter. */
const rule = (parts: [keyof JSONSchema7, unknown][]): JSONSchema7 => Object.fromEntries(parts) as JSONSchema7;
const linkedIf: JSONSchema7 = { required: ['kind'], properties: { kind: { const: 'linked' } } };
const linkedNeedsTarget = rule([
  ['description', 'A linked widget names its target.'],
  ['if', linkedIf],
  ['then', { required: ['target'], properties: { target: { minLength: 1 } } }],
]);

describe('cross-field rules in codegen', () => {
  it('fill in the entity’s types, so any entity’s rule compiles strictly', () => {
    const schema = withRecordRules({ ...widget, allOf: [linkedNeedsTarget] }, 'src/entities/widget/schema.json');
    const rules = recordRulesSchema(schema);
    expect(rules?.allOf?.[0]?.then).toEqual({
      type: 'object',
      required: ['target'],
      properties: { target: { type: ['string', 'null'], minLength: 1 } },
    });
    const validate = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true }).compile(rules as object);
    expect(recordRuleIssues(validate, { id: 'a', kind: 'plain' })).toEqual([]);
    expect(recordRuleIssues(validate, { id: 'a', kind: 'linked' }).map((issue) => issue.path)).toEqual(['/target']);
    expect(recordRuleIssues(validate, { id: 'a', kind: 'linked', target: 'b' })).toEqual([]);
  });

  it('leave an entity without rules without a record validator', () => {
    expect(recordRulesSchema(withRecordRules(widget, 'src/entities/widget/schema.json'))).toBeUndefined();
  });

  it.each([
    [
      'an unknown field',
      rule([
        ['if', linkedIf],
        ['then', { properties: { targte: { minLength: 1 } } }],
      ]),
      'targte',
    ],
    ['an unknown required field', { ...linkedNeedsTarget, if: { required: ['knd'] } }, 'knd'],
    [
      'items of a field that is no list',
      rule([
        ['if', linkedIf],
        ['then', { properties: { kind: { items: {} } } }],
      ]),
      'not a list',
    ],
    ['a rule without then', { if: linkedNeedsTarget.if }, 'needs if and then'],
    ['another keyword beside if and then', { ...linkedNeedsTarget, required: ['id'] }, 'not required'],
  ] as [string, JSONSchema7, string][])('refuse %s', (_name, rule, message) => {
    expect(() => withRecordRules({ ...widget, allOf: [rule] }, 'src/entities/widget/schema.json')).toThrow(message);
  });

  it('refuse a rule anywhere but the top-level allOf', () => {
    const nested = { ...widget, properties: { ...widget.properties, tags: { type: 'array', allOf: [] } } };
    expect(() => withRecordRules(nested as JSONSchema7, 'src/entities/widget/schema.json')).toThrow(CodegenError);
    expect(() => withRecordRules({ ...widget, ...linkedNeedsTarget }, 'src/entities/widget/schema.json')).toThrow(
      'top-level allOf',
    );
  });
});

describe('which issues of a record count', () => {
  const rules = entityModels.find((model) => model.name === 'application')?.recordRules;
  const validate = validators[rules?.validatorKey ?? ''] as CompiledValidator;
  const app = (type: string, redirectUris: string[]) => ({
    name: 'App',
    type,
    oidcClientMetadata: { redirectUris, postLogoutRedirectUris: [] },
  });
  const custom = 'com.example.app://callback';

  it('every one on creation', () => {
    expect(recordRuleIssues(validate, app('SPA', [custom]))).toEqual([
      expect.objectContaining({ path: '/oidcClientMetadata/redirectUris/0', keyword: 'format' }),
    ]);
    expect(recordRuleIssues(validate, app('Native', [custom]))).toEqual([]);
  });

  it('on update, those in a field sent or new to the record, not those it stored already', () => {
    const stored = app('SPA', [custom]);
    const renamed = { ...stored, name: 'Renamed' };
    expect(recordRuleIssues(validate, renamed, { stored, sent: { name: 'Renamed' } })).toEqual([]);
    const resent = { oidcClientMetadata: stored.oidcClientMetadata };
    expect(recordRuleIssues(validate, stored, { stored, sent: resent })).toHaveLength(1);
    // A change of another field that breaks the rule is refused at the value it breaks.
    const native = app('Native', [custom]);
    expect(recordRuleIssues(validate, stored, { stored: native, sent: { type: 'SPA' } })).toEqual([
      expect.objectContaining({ path: '/oidcClientMetadata/redirectUris/0' }),
    ]);
  });
});
