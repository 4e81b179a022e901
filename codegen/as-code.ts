import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf } from './names.js';

/**
 * An entity's part in configuration as code: its folder (the API path, `organization-roles`) and the field naming
 * each item in every tenant, which must be a text field its create body sets.
 */
export const asCodeOf = ({ descriptor: d, schema }: LoadedEntity) => {
  if (!d.asCode) return {};
  const file = descriptorFileOf(d.name);
  const key = schema.properties?.[d.asCode.key];
  const ops = d.api?.operations;
  if (key?.type !== 'string' || key.readOnly) {
    throw new CodegenError(`${file}: asCode.key ${d.asCode.key} is not a text field a body sets`);
  }
  if (
    (d.kind ?? 'collection') !== 'collection' ||
    d.parent ||
    !ops?.list ||
    !ops.create ||
    !ops.update ||
    !ops.delete
  ) {
    throw new CodegenError(`${file}: asCode needs a top-level collection that lists, creates, updates and deletes`);
  }
  const folder = (d.api?.path ?? '').replace(/^\//, '').replaceAll('/', '-');
  return { asCode: { key: d.asCode.key, folder } };
};
