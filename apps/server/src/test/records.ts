import { allResources, BANNER_TYPES, columnOf, type ResourceDef, SEO_FIELDS, SHOW_TYPES, WEBHOOK_EVENTS } from '@gk/contracts';
import type { ReplyBody, TestApp } from './harness.js';

/**
 * Records built from a resource's contract alone (its save schema, fields, references), for the generic
 * suites (resources.test.ts, capabilities.test.ts): no per-resource code.
 */

/** a record as a reply carries it (JSON values: harness.ts ReplyBody) */
type Row = Record<string, ReplyBody>;

export const byTable = (table: string) => {
  const def = allResources().find((r) => r.table === table);
  if (!def) throw new Error(`no resource for table ${table}`);
  return def;
};
export const field = (def: ResourceDef, name: string) => def.fields.find((f) => f.name === name);
export const saveKeys = (def: ResourceDef) => Object.keys((def.save as unknown as { shape: Row }).shape).filter((k) => k !== 'id');

/**
 * A record without what a translatable resource adds to it (its SEO fields, `translations`, `translationStatus`):
 * the resource's own fields, for a test of its own rules (the generic suite tests the locales of every resource).
 */
export const ownFields = (record: Row): Row => {
  const out: Row = { ...record };
  for (const k of [...SEO_FIELDS, 'translations', 'translationStatus']) delete out[k];
  return out;
};

/** values the contract constrains beyond the field type (a fixed code list, a link, a phone, a password) */
export const FIXED: Record<string, (rank: number) => unknown> = {
  bannerType: (rank) => BANNER_TYPES[rank % BANNER_TYPES.length].code,
  showType: (rank) => SHOW_TYPES[rank % SHOW_TYPES.length].code,
  url: (rank) => `https://example.com/${rank}`,
  phone: () => '010-12345678',
  events: () => WEBHOOK_EVENTS[0],
  status: (rank) => (rank % 2 ? 'draft' : 'published'),
  publishTime: (rank) => `2025-0${(rank % 9) + 1}-01 08:00:00`,
  password: () => 'Passw0rd_1',
  email: (rank) => `u${rank}@example.com`,
  dataScope: () => 'all',
  /** a department's parent: none, so the head office */
  parentId: () => null,
};

/** a text that sorts by rank (ASCII, so both dialects collate it alike) and carries the test's tag */
export const textOf = (tag: string, rank: number) => `${tag}_${String(rank).padStart(3, '0')}`;

/** the filter that finds a test's own records: a substring filter on a text field the save writes */
export const scopeOf = (def: ResourceDef) => {
  const f = def.filters.find((x) => x.op === 'like' && field(def, x.field)?.type === 'text' && saveKeys(def).includes(x.field));
  if (!f) throw new Error(`${def.name}: no substring filter on a saved text field`);
  return f;
};

let seq = 0;
export const newTag = () => `g${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

/** builds valid save bodies and records through the API (`post` as the test's account) */
export function recordMaker(post: (path: string, body?: unknown) => ReturnType<TestApp['post']>) {
  /** a valid save body built from the contract; referenced records are created (or taken from `shared`) */
  async function bodyOf(def: ResourceDef, tag: string, rank: number, shared?: Map<string, unknown>): Promise<Row> {
    const body: Row = {};
    for (const key of saveKeys(def)) {
      const ref = def.refs?.find((r) => r.field === key);
      const f = field(def, key);
      const lookup = def.fields.find((x) => x.lookup?.via === key)?.lookup;
      if (ref) {
        let value = shared?.get(ref.table);
        if (value === undefined) {
          const refDef = byTable(ref.table);
          const saved = await create(refDef, `${tag}r`, rank);
          value = saved[refDef.fields.find((x) => columnOf(x) === ref.key)!.name];
          shared?.set(ref.table, value);
        }
        body[key] = value;
      } else if (lookup) body[key] = lookup.options[rank % lookup.options.length].code;
      else if (FIXED[key]) body[key] = FIXED[key](rank);
      else if (f?.type === 'text' || f?.type === 'code') body[key] = textOf(tag, rank);
      else if (f?.type === 'image') body[key] = `/img/${tag}-${rank}.png`;
      else if (f?.type === 'html') body[key] = `<p>${tag} ${rank}</p>`;
      else if (f?.type === 'sort') body[key] = rank;
      // a count starts at one (a headcount of 0 is refused)
      else if (f?.type === 'int') body[key] = rank + 1;
      // optional times (a publish or offline time) and values that are no field (a user's roleIds) are left out
      else if (f?.type === 'datetime' || !f) continue;
      // one record of three is flagged: a flag with a single live record (the contact) keeps it
      else if (f?.type === 'flag') body[key] = rank === 2 ? 1 : 0;
      else throw new Error(`${def.name}.${key}: no generic value for ${f?.type ?? 'an unknown field'}`);
    }
    return body;
  }

  async function create(def: ResourceDef, tag: string, rank: number, shared?: Map<string, unknown>): Promise<Row> {
    const r = await post(def.endpoints.save!.path, await bodyOf(def, tag, rank, shared));
    if (r.body?.code !== 200) throw new Error(`${def.name}: save failed ${JSON.stringify(r.body)}`);
    return r.body.data as Row;
  }
  return { bodyOf, create };
}
