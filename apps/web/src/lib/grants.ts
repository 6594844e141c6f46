import { menuKey, ROLES } from '@gk/contracts';
import type { UserInfo } from '@gk/contracts/session';
import { useMemo } from 'react';
import { useSession } from '../stores/session';

/**
 * What the signed-in user holds, as the role editor's keys (issue 21): the administrator everything; anyone else
 * the menus under a first level (`menu:<routeName>`) and the buttons of /user/info. The server checks every grant
 * against the same (auth/grants.ts); the screens use this only to offer no more than may be granted. It follows a
 * change of the user's grants with the next reply (the `x-grants` header reads /user/info again).
 */
export interface OwnGrants {
  admin: boolean;
  /** the codes of the user's (enabled) roles */
  roles: readonly string[];
  has(key: string): boolean;
}

export function ownGrants(user: Pick<UserInfo, 'menus'> | null, roles: readonly string[], buttons: readonly string[]): OwnGrants {
  const admin = roles.includes(ROLES.ADMIN);
  const keys = new Set<string>(buttons);
  for (const top of user?.menus ?? []) for (const c of top.children ?? []) keys.add(menuKey(c.routeName));
  return { admin, roles, has: (key) => admin || keys.has(key) };
}

export function useOwnGrants(): OwnGrants {
  const user = useSession((s) => s.user);
  const roles = useSession((s) => s.roles);
  const buttons = useSession((s) => s.buttons);
  return useMemo(() => ownGrants(user, roles, buttons), [user, roles, buttons]);
}
