import type { RJSFValidationError } from '@rjsf/utils';

export type Translate = (key: string, params: Record<string, unknown>, defaultValue: string) => string;

/**
 * The message for one schema violation, by ajv keyword: `validation.<keyword>` with the keyword's params
 * (e.g. maxLength → "Must be at most {{limit}} characters"). Formats use `validation.format_<format>` when present.
 */
export const validationMessage = (
  translate: Translate,
  keyword: string | undefined,
  params: Record<string, unknown> = {},
  fallback = '',
): string => {
  if (!keyword) return fallback;
  // Limits double as i18next plural counts (`minItems_one`, `minItems_other`).
  if (typeof params.limit === 'number' && params.count === undefined) params = { ...params, count: params.limit };
  if (keyword === 'minLength' && params.limit === 1) return translate('validation.required', params, fallback);
  if (keyword === 'format' && typeof params.format === 'string') {
    const specific = translate(`validation.format_${params.format}`, params, '');
    if (specific) return specific;
  }
  return translate(`validation.${keyword}`, params, fallback);
};

/**
 * A value that fails `format` usually fails a `pattern` too (a URL must be a URI and start with http); the format
 * message is the one that helps, so the pattern error of the same value is dropped.
 */
export const withoutShadowedPatterns = <E extends { keyword: string; path: string }>(errors: E[]): E[] => {
  const formatted = new Set(errors.filter((error) => error.keyword === 'format').map((error) => error.path));
  return errors.filter((error) => error.keyword !== 'pattern' || !formatted.has(error.path));
};

/** rjsf `transformErrors`: replaces ajv's English messages with translated ones. */
export const createErrorTransformer =
  (translate: Translate) =>
  (errors: RJSFValidationError[]): RJSFValidationError[] =>
    withoutShadowedPatterns(
      errors.map((error) => ({ error, keyword: error.name ?? '', path: error.property ?? '' })),
    ).map(({ error }) => {
      const message = validationMessage(
        translate,
        error.name,
        (error.params ?? {}) as Record<string, unknown>,
        error.message ?? '',
      );
      return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
    });
