import { generatedErrorCodes } from '../generated/error-codes.js';
import { handWrittenErrorCodes } from './hand-written-error-codes.js';

/** Every error code the server answers with: those descriptors name (generated) and the hand-written ones. */
export const errorCodes = { ...generatedErrorCodes, ...handWrittenErrorCodes } as const satisfies Record<
  string,
  { status: number; message: string }
>;

export type ErrorCode = keyof typeof errorCodes;

/** The body of every error response. */
export interface ErrorBody {
  message: string;
  code: string;
  data?: unknown;
}

/** A message with its `{{name}}` placeholders filled from `values`. */
export const interpolate = (template: string, values: Record<string, unknown> = {}): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
