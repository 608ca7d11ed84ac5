import { type ErrorCode, errorMessage, ERRORS } from "../common/errors.ts";

/** A failure with a stable code from common/errors.ts; app.onError turns it into the response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, unknown>;
  /** The form field the error belongs to, when there is one. */
  readonly field?: string;

  constructor(
    code: ErrorCode,
    params: Record<string, unknown> = {},
    options: { field?: string; message?: string } = {},
  ) {
    super(options.message ?? errorMessage(code, params));
    this.code = code;
    this.params = params;
    this.field = options.field;
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}

/** The envelope every failure is answered with. */
export interface ErrorBody {
  success: false;
  code: ErrorCode;
  error: string;
  field?: string;
}

export function toErrorBody(err: AppError): ErrorBody {
  const body: ErrorBody = { success: false, code: err.code, error: err.message };
  if (err.field) body.field = err.field;
  return body;
}
