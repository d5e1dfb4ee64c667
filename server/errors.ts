/**
 * The one error type of the service. Domain code throws ApiError (or returns a
 * failure that an endpoint turns into one); http/errorHandler.ts maps it to HTTP.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra body fields, e.g. the cancel 409's `status`. */
    readonly extraBody: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, extraBody: Record<string, unknown> = {}) =>
  new ApiError(409, message, extraBody);
