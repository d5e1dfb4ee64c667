/**
 * The one error type of the service. Domain code throws ApiError (or returns a
 * failure that an endpoint turns into one); http/errorHandler.ts maps it to HTTP.
 */
export class ApiError extends Error {
  /** For the log only, never the client: what failed underneath (a file path, a database address, a system error). */
  logDetail: string | undefined;
  /**
   * Played by a sandbox scenario (the `Test` header, a booking marked by it, a scenario hotel), not a
   * fault of the service: logged and counted apart, so operators' 5xx alerts ignore partners' fault tests.
   */
  simulated = false;

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

/** Marks an answer a scenario plays (see ApiError.simulated). */
export function simulatedFault(error: ApiError): ApiError {
  error.simulated = true;
  return error;
}
