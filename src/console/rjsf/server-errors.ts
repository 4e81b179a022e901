import type { ErrorSchema } from '@rjsf/utils';
import { errorKeys } from '../../shared/text-keys';
import { type Translate, validationMessage, withOneFormatError } from './error-messages';

export interface ServerErrorLike {
  message: string;
  statusCode?: number;
  code?: string;
  data?: unknown;
}

export interface MappedServerError {
  /** Errors that belong to form fields, for rjsf's `extraErrors`. */
  errorSchema: ErrorSchema;
  /** Messages that name no field of this form; show them as a toast. */
  unmapped: string[];
}

interface MapOptions {
  /** Error code → form field (dotted path), from the descriptor's unique rules. */
  errorFields: Record<string, string>;
  /** Top-level properties of the form; issues elsewhere are not shown on a field. */
  fields: string[];
  translate: Translate;
}

interface Issue {
  path: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readIssues = (data: unknown): Issue[] => {
  if (!isRecord(data) || !Array.isArray(data.issues)) return [];
  return data.issues.filter(isRecord).map((issue) => ({
    path: typeof issue.path === 'string' ? issue.path : '',
    keyword: typeof issue.keyword === 'string' ? issue.keyword : '',
    message: typeof issue.message === 'string' ? issue.message : '',
    params: isRecord(issue.params) ? issue.params : {},
  }));
};

/** `/config/url` → `['config', 'url']` (RFC 6901 unescaping). */
export const pointerToPath = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

const addError = (schema: ErrorSchema, path: string[], message: string) => {
  let node = schema as Record<string, unknown>;
  for (const key of path) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const errors = (node.__errors as string[] | undefined) ?? [];
  if (!errors.includes(message)) errors.push(message);
  node.__errors = errors;
};

/**
 * Puts a server error where the user can fix it: 400 input issues on the field their JSON pointer names, a 422 whose
 * code is in `errorFields` on that field; everything else (or issues outside this form) is returned as unmapped.
 */
export const mapServerError = (
  error: ServerErrorLike,
  { errorFields, fields, translate }: MapOptions,
): MappedServerError => {
  const errorSchema: ErrorSchema = {};
  const unmapped: string[] = [];
  const code = error.code ?? '';
  const coded = code
    ? translate(errorKeys(code, error.data), isRecord(error.data) ? error.data : {}, error.message)
    : error.message;

  const issues = readIssues(error.data);
  if (issues.length > 0) {
    for (const issue of withOneFormatError(issues)) {
      const path = pointerToPath(issue.path);
      if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string')
        path.push(issue.params.missingProperty);
      const message = validationMessage(translate, issue.keyword, issue.params, issue.message);
      if (path.length > 0 && path[0] !== undefined && fields.includes(path[0])) addError(errorSchema, path, message);
      else unmapped.push(issue.path ? `${issue.path.slice(1)}: ${message}` : message);
    }
    return { errorSchema, unmapped };
  }

  const field = code ? errorFields[code] : undefined;
  const path = field?.split('.') ?? [];
  if (field && path[0] !== undefined && fields.includes(path[0])) addError(errorSchema, path, coded);
  else unmapped.push(coded);
  return { errorSchema, unmapped };
};

/**
 * A server error about a record, for a form of one of its fields: the issues' pointers into that field
 * (`/config/host`) become the form's own (`/host`). A connector's configuration form is one.
 */
export const withinField = (field: string, { message, statusCode, code, data }: ServerErrorLike): ServerErrorLike => {
  const issues = (data as { issues?: { path: string }[] } | undefined)?.issues;
  const prefix = new RegExp(`^/${field}(?=/|$)`);
  const moved = issues?.map((issue) => ({ ...issue, path: issue.path.replace(prefix, '') }));
  return {
    message,
    statusCode,
    ...(code ? { code } : {}),
    data: moved ? { ...(data as object), issues: moved } : data,
  };
};
