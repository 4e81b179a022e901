import { hashForSchema } from '@rjsf/utils';
import type { FormModel } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf } from './names.js';

/** A form the console renders and the server validates with: its schema and the key of its compiled validator. */
export const form = (schema: JSONSchema7): FormModel => ({ schema, validatorKey: hashForSchema(schema as object) });

/** Every field named (a dotted path's first segment) is a property of the entity's schema. */
export const assertFields = (entity: LoadedEntity, fields: string[], where: string) => {
  for (const field of fields) {
    const [head] = field.split('.');
    if (!head || !entity.schema.properties?.[head]) {
      throw new CodegenError(`${descriptorFileOf(entity.descriptor.name)}: ${where} names unknown field "${field}"`);
    }
  }
};
