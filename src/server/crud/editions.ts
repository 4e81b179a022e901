import type { Edition } from '../../shared/descriptor.js';
import type { ServerEdition } from './context.js';

/** Whether a server of an edition serves an entity of a descriptor's edition (`all`, or its own). */
export const servesEdition = (entity: Edition, server: ServerEdition) => entity === 'all' || entity === server;

type Document = { paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/**
 * The management API's document (its JSON) as a server of an edition serves it: without the operations of the other
 * edition's entities (codegen marks them `x-edition`), and without a path left with none. A document without marks is
 * served as it is.
 */
export const documentForEdition = (json: string, server: ServerEdition): string => {
  if (!json.includes('"x-edition"')) return json;
  const document = JSON.parse(json) as Document;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    const served = Object.entries(methods).filter(([, operation]) => {
      const edition = (operation as { 'x-edition'?: Edition } | undefined)?.['x-edition'];
      return edition === undefined || servesEdition(edition, server);
    });
    if (served.length > 0) paths[path] = Object.fromEntries(served);
  }
  return JSON.stringify({ ...document, paths });
};
