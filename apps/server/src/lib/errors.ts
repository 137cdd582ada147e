/** A typed error with a stable code; the error handler turns it into the CONTRACT §3 body. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown): never => {
  throw new AppError('VALIDATION', 400, message, details);
};
export const unauthorized = (message = 'Authentication required'): never => {
  throw new AppError('UNAUTHORIZED', 401, message);
};
export const forbidden = (message = 'You do not have permission to do this'): never => {
  throw new AppError('FORBIDDEN', 403, message);
};
export const notFound = (message = 'Not found'): never => {
  throw new AppError('NOT_FOUND', 404, message);
};
export const conflict = (code: string, message: string): never => {
  throw new AppError(code, 409, message);
};
export const tooMany = (message: string, retryAfterSeconds: number): never => {
  throw new AppError('RATE_LIMITED', 429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
};
