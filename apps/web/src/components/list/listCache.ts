import type { ResourceDef } from '@gk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { clearRemoteCache } from '../RemoteSelect';

/** The react-query key of a resource's list pages. */
export const listKey = (resourceName: string) => ['list', resourceName] as const;

/** Marks every loaded page of a resource's list stale and reloads the visible one (after a save elsewhere). */
export function invalidateList(client: QueryClient, resource: ResourceDef) {
  if (resource.endpoints.list) clearRemoteCache(resource.endpoints.list.path);
  return client.invalidateQueries({ queryKey: listKey(resource.name) });
}
