import { Code } from '@gk/contracts';

/**
 * An error that becomes a reply: `code` for the envelope, `key` a message key (translated into the
 * request's language) or plain text, `params` for its placeholders.
 */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    public readonly key: string,
    public readonly params?: Record<string, string | number>,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, params?: Record<string, string | number>) => new AppError(Code.BAD_REQUEST, key, params);
export const notFound = (key = 'err.recordNotFound', params?: Record<string, string | number>) => new AppError(Code.NOT_FOUND, key, params);
export const conflict = (key: string, params?: Record<string, string | number>) => new AppError(Code.CONFLICT, key, params);
export const forbidden = (key = 'err.forbidden', params?: Record<string, string | number>) => new AppError(Code.FORBIDDEN, key, params);
