/** Reply shapes and codes (SPEC point 8, DESIGN "API conventions"). */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  TOO_MANY: 429,
  INTERNAL: 500,
  /** token missing or unknown */
  TOKEN_MISSING: 50008,
  /** replaced by a newer login elsewhere */
  TOKEN_REPLACED: 50012,
  /** token expired */
  TOKEN_EXPIRED: 50014,
} as const;

/**
 * Reply header of every signed-in call: a fingerprint of the caller's roles, menus and permissions. When it
 * differs from the one /user/info came with, the SPA reads /user/info again (a removed button disappears).
 */
export const GRANTS_HEADER = 'x-grants';

/** Codes after which the client asks the user to log in again (SPEC point 8). */
export const RELOGIN_CODES: readonly number[] = [Code.TOKEN_MISSING, Code.TOKEN_REPLACED, Code.TOKEN_EXPIRED];

export interface Reply<T = unknown> {
  code: number | string;
  msg: string;
  data?: T;
}

export interface PageReply<T> {
  code: number | string;
  msg: string;
  rows: T[];
  total: number;
}

export interface OptionListReply<T> {
  code?: number | string;
  msg?: string;
  list: T[];
  intTotal: number;
}

/** Field-config replies use success/message (SPEC point 7). */
export interface SuccessReply<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

/** A reply counts as success when its code is 200, as a number or a string (SPEC point 8). */
export function isSuccess(reply: { code?: number | string } | null | undefined): boolean {
  return reply != null && Number(reply.code) === Code.OK;
}

/** HTTP status that tells the same story as an envelope code. */
export function httpStatusFor(code: number): number {
  if (code === Code.TOKEN_MISSING || code === Code.TOKEN_EXPIRED || code === Code.TOKEN_REPLACED) return 401;
  if (code >= 200 && code < 600) return code;
  return 500;
}
