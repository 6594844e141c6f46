import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';

/**
 * Sign-in events, for the operation log and the login log: every login attempt (with its result and, when
 * refused, the message key of the reason), every logout and every forced logout. Listeners run after the
 * event happened, in registration order; a listener's failure is logged and does not change the reply.
 */
export interface AuthEvent {
  type: 'login' | 'loginFailed' | 'logout' | 'forceLogout';
  userName: string;
  /** the account, when it exists */
  userId?: number;
  ip: string;
  userAgent: string;
  /** message key of the refusal (auth.badCredentials, auth.locked, auth.disabled) */
  reason?: string;
  /** who forced the logout */
  by?: string;
  req?: FastifyRequest;
}
export type AuthListener = (event: AuthEvent) => Promise<void> | void;

const listenersOf = new WeakMap<Ctx, AuthListener[]>();

/** Listens to sign-in events of this app (operation log: `onAuthEvent(ctx, (e) => …)`). */
export function onAuthEvent(ctx: Ctx, listener: AuthListener): void {
  const list = listenersOf.get(ctx) ?? [];
  list.push(listener);
  listenersOf.set(ctx, list);
}

export async function emitAuthEvent(ctx: Ctx, event: AuthEvent): Promise<void> {
  for (const l of listenersOf.get(ctx) ?? []) {
    try {
      await l(event);
    } catch (err) {
      event.req?.log.error({ err, event: event.type }, 'auth event listener failed');
    }
  }
}
