/**
 * What a case of the QA form gallery expects and what the form said: a valid fixture must leave the form without
 * errors, an invalid one must put an error of the expected keyword on the expected field (a JSON pointer).
 */
export interface FixtureExpectation {
  path: string;
  keyword: string;
}

/** One error of the form, as rjsf reports it after `transformErrors` (translated message). */
export interface FormError {
  name?: string;
  property?: string;
  message?: string;
  params?: unknown;
}

export interface CaseOutcome {
  pass: boolean;
  /** The error the expectation names, when the form reported it. */
  matched?: FormError;
  /** Every error, each with the JSON pointer it is about. */
  errors: { pointer: string; keyword: string; message: string }[];
}

const decodeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');
const encodeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** `/config/url` → `['config', 'url']`. */
export const pointerSegments = (pointer: string): string[] =>
  pointer === '' || pointer === '/' ? [] : pointer.replace(/^\//, '').split('/').map(decodeToken);

/**
 * The JSON pointer an error is about: rjsf names the property with dots (`.config.url`, a missing one included); an
 * unknown property is reported on its object, so its own name is added, as the fixtures name it.
 */
export const errorPointer = (error: FormError): string => {
  const segments = (error.property ?? '').split('.').filter((part) => part !== '');
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (error.name === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    segments.push(params.additionalProperty);
  }
  return segments.length ? `/${segments.map(encodeToken).join('/')}` : '';
};

/** The rjsf id of the field a pointer names in a form (`user-create` + `/profile/name` → `user-create_profile_name`). */
export const fieldId = (idPrefix: string, pointer: string): string => [idPrefix, ...pointerSegments(pointer)].join('_');

/**
 * A value failing both `format` and `pattern` shows one message (`withOneFormatError`): either keyword then stands
 * for the other.
 */
const sameRule = (expected: string, reported: string | undefined) =>
  expected === reported || (['format', 'pattern'].includes(expected) && ['format', 'pattern'].includes(reported ?? ''));

/**
 * Compares the form's errors with a fixture's expectation; `message`, the fixture's expected text, is compared only
 * when given (the gallery gives it in English, the language fixtures write it in).
 */
export const compareCase = (
  errors: FormError[],
  expect: FixtureExpectation | undefined,
  message?: string,
): CaseOutcome => {
  const listed = errors.map((error) => ({
    pointer: errorPointer(error),
    keyword: error.name ?? '',
    message: error.message ?? '',
  }));
  if (!expect) return { pass: errors.length === 0, errors: listed };
  const wanted = pointerSegments(expect.path).join('/');
  const matched = errors.find(
    (error) =>
      sameRule(expect.keyword, error.name) &&
      pointerSegments(errorPointer(error)).join('/') === wanted &&
      (message === undefined || error.message === message),
  );
  return { pass: matched !== undefined, matched, errors: listed };
};
