import type { EntityModel } from '../../src/shared/descriptor.js';
import type { JSONSchema7 } from '../../src/shared/json-schema.js';
import { CodegenError, type LoadedEntity } from '../load.js';
import { descriptorFileOf } from '../names.js';

/** Fields the server fills in on its own when it seeds a singleton's row. */
const serverFilled = (name: string, prop: JSONSchema7) =>
  name === 'tenantId' || name === 'id' || prop['x-column'] === 'timestamp';

/**
 * A singleton is one row per tenant, seeded from the schema's defaults the first time the tenant reads or writes it:
 * every required field needs a default, and the row belongs to a tenant.
 */
export const singletonModel = (entity: LoadedEntity, model: EntityModel): EntityModel => {
  const file = `${descriptorFileOf(entity.descriptor.name)}`;
  if (!model.tenantScoped) throw new CodegenError(`${file}: a singleton belongs to a tenant`);
  const properties = entity.schema.properties ?? {};
  const lacking = (entity.schema.required ?? []).filter((name) => {
    const prop = properties[name] ?? {};
    return !serverFilled(name, prop) && prop.default === undefined;
  });
  if (lacking.length > 0) {
    throw new CodegenError(`${file}: a singleton is seeded with defaults; give ${lacking.join(', ')} a default`);
  }
  return { ...model, countRows: false, countBy: [] };
};
