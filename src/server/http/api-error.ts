import { type ErrorCode, errorCodes, interpolate } from '../../shared/error-codes.js';

/**
 * An error the API answers with `{message, code, data}` and the status its code carries, or another where Logto
 * answers one code with several statuses (`request.invalid_input` is 400 or 422).
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly data?: unknown,
    status?: number,
  ) {
    super(interpolate(errorCodes[code].message, params));
    this.status = status ?? errorCodes[code].status;
  }

  toBody() {
    return { message: this.message, code: this.code, ...(this.data === undefined ? {} : { data: this.data }) };
  }
}
