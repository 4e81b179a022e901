import { consoleModels } from '../../../src/generated/console-index';
import type { ConsoleResource } from '../../../src/shared/descriptor';

/** Every entity's whole console model, as the pages load them. */
export const consoleResources: ConsoleResource[] = await Promise.all(
  Object.values(consoleModels).map((load) => load().then((module) => module.model)),
);
