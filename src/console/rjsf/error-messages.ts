import type { RJSFValidationError } from '@rjsf/utils';
import { formatValidationKey, validationKey } from '../../shared/text-keys';

export type Translate = (key: string | string[], params: Record<string, unknown>, defaultValue: string) => string;

/**
 * The patterns the schemas use, each with a message that says what is expected (instead of "does not match").
 * A pattern not listed here gets the generic `validation.pattern`.
 */
const patternMessages: Record<string, string> = {
  '^https?://': 'validation.pattern_http_url',
  '^https://': 'validation.pattern_https_url',
  '^\\S+$': 'validation.pattern_no_spaces',
};

const explainedPattern = (params: Record<string, unknown> | undefined): string | undefined =>
  typeof params?.pattern === 'string' ? patternMessages[params.pattern] : undefined;

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
  if (keyword === 'type' && params.type === 'integer') return translate('validation.integer', params, fallback);
  const pattern = keyword === 'pattern' ? explainedPattern(params) : undefined;
  if (pattern) return translate(pattern, params, fallback);
  if (keyword === 'format' && typeof params.format === 'string') {
    const specific = translate(formatValidationKey(params.format), params, '');
    if (specific) return specific;
  }
  return translate(validationKey(keyword), params, fallback);
};

/**
 * A value that fails `format` usually fails a `pattern` too (a URL must be a URI and start with https://): one
 * message is shown per value. A pattern with its own message says more ("Enter a URL that starts with https://")
 * and wins; otherwise the format message does ("Enter a valid URL").
 */
export const withOneFormatError = <E extends { keyword: string; path: string; params?: Record<string, unknown> }>(
  errors: E[],
): E[] => {
  const at = (keyword: string) => new Set(errors.filter((error) => error.keyword === keyword).map((e) => e.path));
  const formatted = at('format');
  const explained = new Set(
    errors.filter((error) => error.keyword === 'pattern' && explainedPattern(error.params)).map((e) => e.path),
  );
  return errors.filter((error) => {
    if (error.keyword === 'format') return !explained.has(error.path);
    if (error.keyword === 'pattern') return explained.has(error.path) || !formatted.has(error.path);
    return true;
  });
};

/** rjsf `transformErrors`: replaces ajv's English messages with translated ones. */
export const createErrorTransformer =
  (translate: Translate) =>
  (errors: RJSFValidationError[]): RJSFValidationError[] =>
    withOneFormatError(
      errors.map((error) => ({
        error,
        keyword: error.name ?? '',
        path: error.property ?? '',
        params: error.params as Record<string, unknown> | undefined,
      })),
    ).map(({ error }) => {
      const message = validationMessage(
        translate,
        error.name,
        (error.params ?? {}) as Record<string, unknown>,
        error.message ?? '',
      );
      return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
    });
