import type { Reply } from '@gk/contracts/envelope';
import { authEndpoints, type LoginData, type UserInfo } from '@gk/contracts/session';
import { post } from './request';

export function loginCall(username: string, password: string) {
  return post<Reply<LoginData>>(authEndpoints.login.path, { username: username.trim(), password });
}

/** Quiet: the guard decides (a turned-down session goes to the login page without a dialog over it). */
export function userInfoCall() {
  return post<Reply<UserInfo>>(authEndpoints.info.path, undefined, { quiet: true });
}

export function logoutCall() {
  return post<Reply>(authEndpoints.logout.path, undefined, { quiet: true });
}
