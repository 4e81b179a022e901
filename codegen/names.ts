/** Naming helpers shared by the generators. */
export { snakeCase } from '../src/shared/snake-case.js';

export const pascalCase = (name: string): string =>
  name.replace(/(^|[-_./\s])([a-z0-9])/g, (_, _sep: string, c: string) => c.toUpperCase());
export const plural = (word: string): string =>
  word.endsWith('y') && !/[aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
export const jsonPointerToDotted = (path: string): string => path.split('/').filter(Boolean).join('.');
/** An entity name as words in a sentence: `applicationSecret` → `application secret`. */
export const words = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
/** A phrase with its indefinite article: `an application`, `a role`. */
export const withArticle = (phrase: string): string => `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;

/** Where the entity folders live, relative to the project root: `src/entities/<name>/`. */
export const ENTITIES_DIR = 'src/entities';
/** An entity's descriptor, as a path from the project root (for messages and reading). */
export const descriptorFileOf = (name: string): string => `${ENTITIES_DIR}/${name}/resource.json`;
/** An entity's JSON Schema, beside its descriptor. */
export const schemaFileOf = (name: string): string => `${ENTITIES_DIR}/${name}/schema.json`;
