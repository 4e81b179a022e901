import type { EntityModel } from '../src/shared/descriptor.js';
import { CodegenError } from './errors.js';
import { descriptorFileOf } from './names.js';

export interface GeneratedErrorCode {
  status: number;
  message: string;
  /** The descriptor that names the code, for messages. */
  source: string;
}

const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * Every error code a descriptor names, with its HTTP status and a default English message: a unique rule's `code`
 * (the value is in use: 422 or the rule's status, the fields as `{{field}}` parameters) and a relation side's `duplicateCode`
 * (the item is already linked: 422, `{{id}}`). The server merges these into `errorCodes`, so a code named in a
 * descriptor answers with its status without a hand-written entry.
 */
export const descriptorErrorCodes = (models: EntityModel[]): Map<string, GeneratedErrorCode> => {
  const codes = new Map<string, GeneratedErrorCode>();
  const add = (code: string, entry: GeneratedErrorCode) => {
    const seen = codes.get(code);
    if (seen && seen.status !== entry.status) {
      throw new CodegenError(
        `${entry.source}: error code ${code} is also named by ${seen.source} with another meaning`,
      );
    }
    if (!seen) codes.set(code, entry);
  };
  for (const model of models) {
    const source = `${descriptorFileOf(model.name)}`;
    for (const rule of model.unique) {
      const fields = rule.fields.filter((field) => field !== model.parent?.foreignKey);
      const values = fields.map((field) => `{{${field}}}`).join(', ');
      add(rule.code, {
        status: rule.status ?? 422,
        message: `The ${words(model.name)} ${fields.map(words).join(' and ')} ${values} is already in use.`,
        source: `${source} unique`,
      });
    }
    for (const relation of model.relations) {
      if (relation.kind !== 'linked') continue;
      add(relation.duplicateCode, {
        status: 422,
        message: `The ${words(relation.target)} {{id}} has already been added to this ${words(model.name)}.`,
        source: `${source} relation ${relation.name}`,
      });
      if (relation.missingLinkCode) {
        add(relation.missingLinkCode, {
          status: 404,
          message: `The ${words(relation.target)} is not linked to this ${words(model.name)}.`,
          source: `${source} relation ${relation.name}`,
        });
      }
      if (relation.assignByName) {
        add(relation.assignByName.missingCode, {
          status: 422,
          message: `No ${words(relation.target)} has the ${words(relation.assignByName.targetField)} {{names}}.`,
          source: `${source} relation ${relation.name}`,
        });
      }
      if (relation.unknownCode) {
        add(relation.unknownCode, {
          status: 422,
          message: `One of the ${words(relation.target)} ids or this ${words(model.name)} does not exist.`,
          source: `${source} relation ${relation.name}`,
        });
      }
    }
  }
  return new Map([...codes].sort(([a], [b]) => a.localeCompare(b)));
};

export const errorCodesModule = (codes: Map<string, GeneratedErrorCode>, banner: string): string => {
  const entries = Object.fromEntries([...codes].map(([code, { status, message }]) => [code, { status, message }]));
  return `${banner}
/** Error codes named in descriptors (unique rules, relation duplicates), with their status and English message. */
export const generatedErrorCodes = ${JSON.stringify(entries, null, 2)} as const satisfies Record<string, { status: number; message: string }>;
`;
};
