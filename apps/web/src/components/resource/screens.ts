import { type Endpoint, type ResourceDef, resourceByName } from '@gk/contracts';
import type { DetailSection } from '../DetailPage';
import type { SearchFieldConfig } from '../list/SearchForm';
import { publishSearch } from '../publish/config';

/**
 * The list and details screens of a resource read from its description alone (a resource that declares `menu` and
 * ships no screen file of its own, pages/menuViews.ts): what its search form, its form sections and its publish
 * bar hold. Pure, so the rules are tested without rendering.
 */

/** the description of a registered resource, by name */
export function resourceOf(name: string): ResourceDef {
  const r = resourceByName(name);
  if (!r) throw new Error(`no resource "${name}" in the contracts`);
  return r;
}

/** its publish calls, from its capabilities (`publishable`, `previewable`), when it declares them */
export interface PublishCalls {
  publish: Endpoint;
  unpublish: Endpoint;
  preview: Endpoint;
  previewForm?: Endpoint;
}

const isPublishable = (r: ResourceDef) => !!r.publishable;

export function publishCallsOf(r: ResourceDef): PublishCalls | null {
  if (!r.publishable || !r.previewable) return null;
  return { ...r.publishable, preview: r.previewable.byId, previewForm: r.previewable.form };
}

export const hasRevisions = (r: ResourceDef) => !!r.revisioned;

/** one search field per filter: the publish state, a date range for a from / to pair, options, a flag, else text */
export function searchOf(r: ResourceDef): SearchFieldConfig[] {
  const out: SearchFieldConfig[] = [];
  for (const f of r.filters) {
    const field = r.fields.find((x) => x.name === f.field);
    if (f.op === 'publishState') out.push(publishSearch);
    else if (f.op === 'from') {
      const to = r.filters.find((x) => x.op === 'to' && x.field === f.field);
      out.push({ name: `${f.field}Range`, widget: 'dateRange', start: f.param, ...(to ? { end: to.param } : {}), label: field?.label });
    } else if (f.op === 'to') continue;
    else if (f.options) out.push({ name: f.param, widget: 'select', options: f.options, all: true });
    else if (field?.type === 'flag') out.push({ name: f.param, widget: 'flag' });
    else out.push({ name: f.param });
  }
  return out;
}

/** the fields a save writes (not read-only, joined, looked up or hidden; the publish state is the publish bar's) */
export function formFieldsOf(r: ResourceDef): ResourceDef['fields'] {
  const publishOwn = isPublishable(r) ? new Set(['status', 'publishTime', 'offlineTime']) : new Set<string>();
  return r.fields.filter((f) => f.name !== 'id' && !f.readOnly && !f.join && !f.lookup && !f.hidden && !publishOwn.has(f.name));
}

/** 基本信息 with the plain fields, then a section of its own per image and per rich text */
export function sectionsOf(r: ResourceDef): DetailSection[] {
  const fields = formFieldsOf(r);
  const plain = fields.filter((f) => f.type !== 'image' && f.type !== 'html');
  const own = fields.filter((f) => f.type === 'image' || f.type === 'html');
  return [
    ...(plain.length ? [{ key: 'basic', title: 'ui.section.basic', fields: plain.map((f) => ({ name: f.name })) }] : []),
    ...own.map((f) => ({ key: f.name, title: f.label, columns: 1 as const, fields: [{ name: f.name, hideLabel: true }] })),
  ];
}

/** a new record's flags start off */
export function defaultsOf(r: ResourceDef): Record<string, unknown> {
  return Object.fromEntries(
    formFieldsOf(r)
      .filter((f) => f.type === 'flag')
      .map((f) => [f.name, 0]),
  );
}
