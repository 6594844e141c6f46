import { type ResourceDef, resourceByName } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';

/**
 * The whole description of a resource (its save schema included) that a list screen holds as plain data
 * (a `*.contracts.ts` module): what its lazy dialogs (edit, import, batch) validate with. Those chunks load the
 * contracts anyway; the list's own chunks do not.
 */
export function fullResource(r: ListResource): ResourceDef {
  if ('save' in r) return r as ResourceDef;
  const def = resourceByName(r.name);
  if (!def) throw new Error(`no resource named ${r.name} in @gk/contracts`);
  return def;
}
