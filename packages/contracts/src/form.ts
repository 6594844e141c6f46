/**
 * What a detail screen's first paint runs of the contracts, without zod (`@gk/contracts/form`), as `list.ts` is for
 * the lists: the helpers its modules call, and the facts of a form that come from the save schema (which fields
 * are required, what a guarded field's create default is), computed where the schema is at hand (at build time for
 * the web's `*.contracts.ts` modules, see `formResource`). The schema itself, for the validators, loads after the
 * first paint. Every helper here is re-exported from the file that owned it before.
 */
import type { ListResource } from './list.js';
import type { ResourceDef } from './resource.js';

/** the SEO fields of a record in each locale */
export const SEO_FIELDS = ['slug', 'metaTitle', 'metaDescription', 'keywords', 'ogImage', 'canonicalUrl', 'noindex'] as const;
export type SeoField = (typeof SEO_FIELDS)[number];

type Translatable = Pick<ResourceDef, 'translatable'>;
/** the fields each locale has its own value of (none when not translatable) */
export const translatableFields = (def: Translatable): readonly string[] => def.translatable?.fields ?? [];
/** whether its records carry the SEO fields */
export const hasSeo = (def: Translatable) => !!def.translatable && def.translatable.seo !== false;
/** every field a locale other than the default holds: its translated fields, then the SEO fields */
export const localeFields = (def: Translatable): string[] => [...translatableFields(def), ...(hasSeo(def) ? SEO_FIELDS : [])];

/** whether a resource's records are checked: what the site shows (publishable, or delivered) */
export const isContentChecked = (def: Pick<ResourceDef, 'publishable' | 'delivery'>): boolean => !!def.publishable || !!def.delivery;

/** The message key when an offline time is not after the publish time, else null. */
export function checkSchedule(publishTime: string | null | undefined, offlineTime: string | null | undefined): string | null {
  if (publishTime && offlineTime && offlineTime <= publishTime) return 'publish.offlineBeforePublish';
  return null;
}

/** The multipart field that carries the file. */
export const UPLOAD_FIELD = 'file';
/** The only image types accepted (checked by their magic bytes, never by the client's name or type). */
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Longest alt text of an image (characters). */
export const IMAGE_ALT_MAX = 200;

/** `2 KB`, `10 MB`: a byte limit as users read it. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / 1024 / 1024).toFixed(1))} MB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KB`;
  return `${n} B`;
}

/** a schema as far as these facts read it (a zod schema is one; no zod import needed to call it) */
interface Parses {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}
const shapeOf = (save: unknown): Record<string, Parses> | null => {
  const s = (save as { shape?: Record<string, Parses> } | null)?.shape;
  return s && typeof s === 'object' ? s : null;
};

/** Whether a save schema refuses the field when it is missing (the form's asterisk). */
export function schemaRequires(save: unknown, field: string): boolean {
  const fieldSchema = shapeOf(save)?.[field];
  return !!fieldSchema && !fieldSchema.safeParse(undefined).success;
}

/** a field a button guards: its toggle's permission, and the value a create gets without it (undefined: any value) */
export interface GuardedFieldFact {
  name: string;
  /** the toggle endpoint's path (its permission key) */
  permission: string;
  createDefault?: unknown;
}

/** What a form reads of a resource's save schema, as data. */
export interface FormFacts {
  /** the fields the save schema refuses when missing */
  required: readonly string[];
  /** the fields a button permission guards (`guardedFieldsOf`) */
  guarded: readonly GuardedFieldFact[];
}

/** The facts of `def`'s save schema (see `FormFacts`). */
export function formFacts(def: Pick<ResourceDef, 'save' | 'toggles' | 'fields'>): FormFacts {
  const shape = shapeOf(def.save);
  return {
    required: shape ? Object.keys(shape).filter((name) => schemaRequires(def.save, name)) : [],
    guarded: Object.entries(def.toggles ?? {}).flatMap(([name, endpoint]) => {
      if (!def.fields.some((f) => f.name === name)) return [];
      const absent = shape?.[name]?.safeParse(undefined);
      return [{ name, permission: endpoint.path, createDefault: absent?.success && absent.data != null ? absent.data : undefined }];
    }),
  };
}

/**
 * A resource as a detail screen's first paint reads it: its description without the schemas, with the facts of its
 * save schema (`form`). In a build a `*.contracts.ts` line `export const x = formResource(contracts.x)` becomes this
 * as plain data; the dev server and Vitest run the line (the value keeps `save` there).
 */
export type FormResource = ListResource & { form: FormFacts };
export function formResource(def: ResourceDef): FormResource {
  return { ...def, form: formFacts(def) };
}
