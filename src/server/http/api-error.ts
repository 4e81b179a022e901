import { type ErrorCode, errorCodes, interpolate } from '../../shared/error-codes.js';

/** An error the API answers with `{message, code, data}` and the status its code carries. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly data?: unknown,
  ) {
    super(interpolate(errorCodes[code].message, params));
    this.status = errorCodes[code].status;
  }

  toBody() {
    return { message: this.message, code: this.code, ...(this.data === undefined ? {} : { data: this.data }) };
  }
}
