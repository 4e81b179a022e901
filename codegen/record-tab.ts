import type { ApiAction, DetailTab } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { ownDefinition } from './actions.js';
import { cleanSchema } from './forms.js';
import { CodegenError, type LoadedEntity } from './load.js';
import type { Descriptor } from './resource-descriptor.js';

type TabDescriptor = NonNullable<NonNullable<NonNullable<Descriptor['console']>['detail']>['tabs']>[number];

/** The path of an item action, `{id}` standing for the item (as the console's data provider fills it in). */
const itemActionPath = (target: LoadedEntity, action: ApiAction) =>
  [`${target.descriptor.api?.path ?? ''}/{id}`, action.path].filter(Boolean).join('/');

/**
 * A form tab editing another entity's record (`record`): that entity's GET item action reads it and its PATCH or
 * PUT item action, whose `bodySchema` the form is drawn from, saves the changed fields. Answers the body the
 * sections pick from, the schema of its chosen branches, and the paths the console calls; nothing for a plain form.
 */
export const recordTabOf = (
  tab: TabDescriptor,
  entities: Map<string, LoadedEntity>,
  where: string,
): { body: JSONSchema7; schema: JSONSchema7; record: Extract<DetailTab, { kind: 'form' }>['record'] } | undefined => {
  if (!tab.record) return undefined;
  const target = entities.get(tab.record.entity);
  if (!target) throw new CodegenError(`${where}: record names unknown entity "${tab.record.entity}"`);
  const actions = target.descriptor.api?.actions ?? [];
  const read = actions.find((action) => action.key === tab.record?.read);
  const save = actions.find((action) => action.key === tab.record?.save);
  if (read?.method !== 'GET' || (read.on ?? 'item') !== 'item') {
    throw new CodegenError(`${where}: record.read is not a GET item action of ${target.descriptor.name}`);
  }
  if (!save || (save.method !== 'PATCH' && save.method !== 'PUT') || (save.on ?? 'item') !== 'item') {
    throw new CodegenError(`${where}: record.save is not a PATCH or PUT item action of ${target.descriptor.name}`);
  }
  const body = save.bodySchema ? ownDefinition(target.schema, save.bodySchema) : undefined;
  if (!body) throw new CodegenError(`${where}: record.save has no bodySchema to draw the form from`);
  const create = tab.record.create ? actions.find((action) => action.key === tab.record?.create) : undefined;
  if (tab.record.create && (create?.method !== 'POST' || create.on !== 'collection')) {
    throw new CodegenError(`${where}: record.create is not a POST collection action of ${target.descriptor.name}`);
  }
  const collection = target.descriptor.api?.path ?? '';
  return {
    body: cleanSchema(body, true),
    schema: target.schema,
    record: {
      read: itemActionPath(target, read),
      save: { method: save.method, path: itemActionPath(target, save) },
      ...(create
        ? {
            create: {
              entity: target.descriptor.name,
              form: `action-${create.key}`,
              path: [collection, create.path].filter(Boolean).join('/'),
            },
          }
        : {}),
    },
  };
};
