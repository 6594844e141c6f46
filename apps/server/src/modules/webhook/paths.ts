import { allResources, columnOf, type DeliveryDef, type FieldDef, type ResourceDef } from '@gk/contracts';

type Row = Record<string, unknown>;

/** the GET paths of one delivered record (list, the record by id, the single record), under the prefix */
function ownPaths(prefix: string, d: DeliveryDef | undefined, recordId: unknown): string[] {
  if (!d) return [];
  const out: string[] = [];
  if (d.list) out.push(`${prefix}${d.list.path}`);
  if (d.get && recordId != null && recordId !== '') out.push(`${prefix}${d.get.path.replace('{id}', String(recordId))}`);
  if (d.single) out.push(`${prefix}${d.single.path}`);
  return out;
}

/** the collection paths of a resource (its list and single record): what shows a name it joins from another table */
function collectionPaths(prefix: string, d: DeliveryDef | undefined): string[] {
  if (!d) return [];
  return [...(d.list ? [`${prefix}${d.list.path}`] : []), ...(d.single ? [`${prefix}${d.single.path}`] : [])];
}

/** the fields of `def` a join from another table reads (its key and the shown name) */
const joinedFields = (def: ResourceDef, join: NonNullable<FieldDef['join']>): FieldDef[] =>
  def.fields.filter((f) => !f.join && (columnOf(f) === join.key || columnOf(f) === join.select));

/**
 * The delivery paths a change of one record affects, from the descriptions alone:
 * - its own: the list, the record (`/news/12`), the single record (`/company`);
 * - the record it is an item of (a page item → `/pages/{its pageId}`), before and after the change;
 * - when a value another resource shows through a join changed (a type's name or code): that resource's list
 *   and single paths (a news-type rename → `/news`).
 * `before` / `after` are the record as its get endpoint answers it (null when absent).
 */
export function deliveryPaths(prefix: string, def: ResourceDef, recordId: number, before: Row | null, after: Row | null): string[] {
  const out = new Set<string>(ownPaths(prefix, def.delivery, recordId));
  for (const parent of allResources()) {
    const items = parent.delivery?.get?.items;
    if (items?.resource !== def.name) continue;
    const filter = def.fields.find((f) => f.name === items.filter);
    if (!filter) continue;
    for (const record of [before, after]) {
      const parentId = record?.[filter.name];
      if (parentId != null && parentId !== '') for (const p of ownPaths(prefix, parent.delivery, parentId)) out.add(p);
    }
  }
  if (before && after)
    for (const user of allResources())
      for (const f of user.fields) {
        if (f.join?.table !== def.table) continue;
        if (joinedFields(def, f.join).some((j) => before[j.name] !== after[j.name]))
          for (const p of collectionPaths(prefix, user.delivery)) out.add(p);
      }
  return [...out];
}
