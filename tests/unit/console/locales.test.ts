import { describe, expect, it } from 'vitest';
import { i18n } from '../../../src/console/i18n';
import { textNamespace } from '../../../src/console/registry';
import { consoleResources } from '../../../src/generated/console-registry';
import type { FormModel } from '../../../src/shared/descriptor';
import { errorCodes } from '../../../src/shared/error-codes';
import type { JSONSchema7 } from '../../../src/shared/json-schema';

const forms = (resource: (typeof consoleResources)[number]): FormModel[] => [
  ...(resource.create ? [resource.create.form] : []),
  ...(resource.detail?.tabs ?? []).flatMap((tab) => (tab.kind === 'form' ? [tab.form] : [])),
];

/** Every property path of a form schema (`config`, `config.url`, …) with its schema. */
const fieldsOf = (schema: JSONSchema7, prefix = ''): [string, JSONSchema7][] =>
  Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [[path, property] as [string, JSONSchema7], ...fieldsOf(property, path)];
  });

const missing = (keys: string[]) => keys.filter((key) => !i18n.exists(key, { lng: 'en' }));

describe('English texts', () => {
  it('name every error code', () => {
    expect(missing(Object.keys(errorCodes).map((code) => `errors.${code}`))).toEqual([]);
  });

  it('label every form field of every console resource', () => {
    const keys = consoleResources.flatMap((resource) =>
      forms(resource).flatMap((form) => fieldsOf(form.schema).map(([path]) => `fields.${resource.name}.${path}`)),
    );
    expect(keys.length).toBeGreaterThan(10);
    expect(missing(keys)).toEqual([]);
  });

  it('label every enum value shown in a form', () => {
    const keys = consoleResources.flatMap((resource) =>
      forms(resource).flatMap((form) =>
        fieldsOf(form.schema).flatMap(([path, property]) => {
          const values = property.enum ?? property.items?.enum ?? [];
          const field = path.split('.').at(-1) ?? path;
          const singular = field.length > 3 && field.endsWith('s') ? field.slice(0, -1) : field;
          return values.map((value) => `${textNamespace(resource)}.${singular}.${String(value)}`);
        }),
      ),
    );
    expect(keys).toContain('webhooks.event.User.Data.Updated');
    expect(keys).toContain('roles.type.MachineToMachine');
    expect(missing(keys)).toEqual([]);
  });

  it('have the validation messages the forms use', () => {
    const keywords = ['required', 'minLength', 'maxLength', 'minimum', 'maximum', 'format', 'pattern', 'minItems'];
    expect(
      missing(keywords.map((keyword) => `validation.${keyword}`).filter((key) => key !== 'validation.minItems')),
    ).toEqual([]);
    expect(i18n.t('validation.minItems', { count: 2, limit: 2 })).toBe('Choose at least 2');
  });
});
