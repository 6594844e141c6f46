import { type FormFacts, formFacts } from '@gk/contracts/form';
import type { ListResource } from '@gk/contracts/list';
import type { Schema, SchemaSource } from './schemaRules';

/**
 * The save schema and its facts for a form, wherever the resource's description comes from: a dialog's whole
 * description (`ResourceDef`, zod at hand) or a detail screen's plain one (`FormResource` from a `*.contracts.ts`
 * module: the facts computed at build time, no zod). For the latter the schema loads with the contracts chunk on
 * demand (`loadSaveSchema`), so the first paint needs no zod; the rules wait for it.
 */
export type FormResourceLike = ListResource & { form?: FormFacts; save?: Schema };

const loading = new Map<string, Promise<Schema>>();

/** the resource's save schema: its own, else the contracts' (loaded once, again after a failed load) */
export function loadSaveSchema(resource: FormResourceLike): Promise<Schema> {
  if (resource.save) return Promise.resolve(resource.save);
  let schema = loading.get(resource.name);
  if (!schema) {
    schema = import('../resource/fullResource').then((m) => m.fullResource(resource).save);
    loading.set(resource.name, schema);
    schema.catch(() => loading.delete(resource.name));
  }
  return schema;
}

/** what a field's rule validates with (`schemaRule`): the schema when at hand, else its load */
export const schemaSourceOf = (resource: FormResourceLike): SchemaSource => resource.save ?? (() => loadSaveSchema(resource));

/** the required fields and guarded fields of the save schema: as built (`form`), else read from the schema */
export const formFactsOf = (resource: FormResourceLike): FormFacts =>
  resource.form ?? formFacts({ save: resource.save as never, toggles: resource.toggles, fields: resource.fields });
