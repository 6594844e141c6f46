import Cookies from 'js-cookie';

/** The session token lives in a cookie named `token` (SPEC point 6) and is sent as the `token` header. */
export const TOKEN_COOKIE = 'token';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string) {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict', secure: typeof location !== 'undefined' && location.protocol === 'https:' });
}

export function removeToken() {
  Cookies.remove(TOKEN_COOKIE);
}
