/** One schema violation inside `data.issues` of a `guard.invalid_input` error. */
export interface InputIssue {
  /** JSON pointer of the offending value inside the body, e.g. `/config/url` ('' for the body itself). */
  path: string;
  /** The failed keyword, e.g. `maxLength`, `required`, `additionalProperties`. */
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}
