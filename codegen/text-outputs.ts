import type { EntityModel } from '../src/shared/descriptor.js';
import { handWrittenErrorCodes } from '../src/shared/hand-written-error-codes.js';
import { descriptorErrorCodes, errorCodesModule } from './error-codes.js';
import { CodegenError } from './errors.js';
import { checkTranslations } from './i18n-check.js';
import { requiredI18nKeys } from './i18n-keys.js';

/**
 * The error codes descriptors name and the translation keys the registry requires, checked against the
 * hand-written error codes and the English locale (`english`, key → file); returns the generated files.
 */
export const textOutputs = (
  models: EntityModel[],
  english: ReadonlyMap<string, string>,
  banner: string,
): Map<string, string> => {
  const generated = descriptorErrorCodes(models);
  const handWritten: Record<string, { status: number }> = handWrittenErrorCodes;
  for (const [code, entry] of generated) {
    const own = handWritten[code];
    if (own && own.status !== entry.status) {
      throw new CodegenError(
        `${entry.source}: ${code} answers ${entry.status}, but src/shared/hand-written-error-codes.ts gives it ${own.status}`,
      );
    }
  }
  const codes = [...new Set([...generated.keys(), ...Object.keys(handWritten)])].sort();
  const keys = requiredI18nKeys(models, codes);
  checkTranslations(keys, english);
  return new Map([
    ['src/generated/error-codes.ts', errorCodesModule(generated, `// ${banner}\n`)],
    ['src/generated/i18n-keys.json', `${JSON.stringify({ $comment: banner, ...keys }, null, 2)}\n`],
  ]);
};
