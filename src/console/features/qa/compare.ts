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

const valueAt = (data: unknown, pointer: string): unknown =>
  pointerSegments(pointer).reduce<unknown>(
    (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
    data,
  );

/** Whether two bodies hold the same value at a pointer (compared as JSON). */
export const sameValueAt = (a: unknown, b: unknown, pointer: string): boolean =>
  JSON.stringify(valueAt(a, pointer)) === JSON.stringify(valueAt(b, pointer));

/** The rjsf id of the field a pointer names in a form (`user-create` + `/profile/name` → `user-create_profile_name`). */
export const fieldId = (idPrefix: string, pointer: string): string => [idPrefix, ...pointerSegments(pointer)].join('_');

/**
 * A value failing both `format` and `pattern` shows one message (`withOneFormatError`): either keyword then stands
 * for the other.
 */
const sameRule = (expected: string, reported: string | undefined) =>
  expected === reported || (['format', 'pattern'].includes(expected) && ['format', 'pattern'].includes(reported ?? ''));

/**
 * The body as a console form takes it: root values of properties the API's body has but the console's form does not
 * (a create dialog asks for less than the API accepts) are left out and named. Unknown properties stay: rejecting
 * them is what a fixture may test.
 */
export const bodyForForm = (
  body: unknown,
  formProperties: Record<string, unknown> = {},
  apiProperties: Record<string, unknown> = {},
): { data: Record<string, unknown>; outside: string[] } => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { data: {}, outside: [] };
  const outside = Object.keys(body).filter((key) => key in apiProperties && !(key in formProperties));
  const data = Object.fromEntries(Object.entries(body).filter(([key]) => !outside.includes(key)));
  return { data: structuredClone(data), outside };
};

/**
 * Compares the form's errors with a fixture's expectation, by field and rule (a fixture's `message` is the API's text,
 * which the console words its own way).
 */
export const compareCase = (errors: FormError[], expect: FixtureExpectation | undefined): CaseOutcome => {
  const listed = errors.map((error) => ({
    pointer: errorPointer(error),
    keyword: error.name ?? '',
    message: error.message ?? '',
  }));
  if (!expect) return { pass: errors.length === 0, errors: listed };
  const wanted = pointerSegments(expect.path);
  const at = (error: FormError) => {
    const found = pointerSegments(errorPointer(error));
    if (found.join('/') === wanted.join('/')) return true;
    // A form fills in a missing object, so its required members are what it reports missing.
    return (
      expect.keyword === 'required' &&
      found.length > wanted.length &&
      wanted.every((segment, index) => found[index] === segment)
    );
  };
  const matched = errors.find((error) => sameRule(expect.keyword, error.name) && at(error));
  return { pass: matched !== undefined, matched, errors: listed };
};
