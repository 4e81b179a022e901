import type { EntityModel } from '../../src/shared/descriptor.js';
import type { LoadedEntity } from '../load.js';
import { logModel } from './log.js';
import { singletonModel } from './singleton.js';

/** Checks what an entity's kind requires beyond the meta-schema and completes its model for that kind. */
export const applyKind = (entity: LoadedEntity, model: EntityModel): EntityModel => {
  switch (model.kind) {
    case 'singleton':
      return singletonModel(entity, model);
    case 'log':
      return logModel(entity, model);
    default:
      return model;
  }
};
