import { type ActionOverride, created, type ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { readSignInExperience } from '../../signInExperience/server/load.js';
import { isStrictlyPartial, isTranslation, withoutEmpty } from './phrase-keys.js';

type Run = Parameters<ActionOverride['run']>[0];

/**
 * `PUT /api/custom-phrases/{languageTag}`: the language's phrases replaced by the body (empty texts dropped), 201
 * as Logto answers whether it inserted or replaced; a key the sign-in pages do not have is 422.
 */
const upsert = async ({ params, body, context, db, operations }: Run) => {
  const languageTag = params.languageTag ?? '';
  if (!isTranslation(body)) {
    throw new ApiError('guard.invalid_input', { type: 'body' }, { issues: [{ path: '', keyword: 'type' }] });
  }
  const translation = withoutEmpty(body);
  if (!isStrictlyPartial(translation)) throw new ApiError('localization.invalid_translation_structure');
  const stored = await db.withTenant(context.tenantId, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM custom_phrases WHERE tenant_id = $1 AND language_tag = $2 FOR UPDATE',
      [context.tenantId, languageTag],
    );
    return rows[0]?.id;
  });
  const saved = stored
    ? await operations.setInternal(context, languageTag, { translation })
    : await operations.create(context, { languageTag, translation });
  return created(saved);
};

/** `DELETE /api/custom-phrases/{languageTag}`: 409 for the sign-in experience's fallback language, 404 for none. */
const remove = async ({ params, context, db, operations, operationsOf }: Run) => {
  const languageTag = params.languageTag ?? '';
  const { languageInfo } = await db.withTenant(context.tenantId, (tx) =>
    readSignInExperience(tx, context.tenantId, operationsOf('signInExperience').model),
  );
  if (languageInfo.fallbackLanguage === languageTag) {
    throw new ApiError('localization.cannot_delete_default_language', { languageTag });
  }
  await operations.delete(context, languageTag);
};

export const customPhraseOverrides = {
  'customPhrase.upsert': { kind: 'action', run: upsert },
  'customPhrase.delete': { kind: 'action', run: remove },
} satisfies Record<string, ServerOverride>;
