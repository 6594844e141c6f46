import type { FormRule } from 'antd';
import type { z } from 'zod';
import { tr } from '../../lib/i18n';

/**
 * Form rules derived from a resource's zod `save` schema (contracts), so the client shows exactly the
 * message the server would answer with. The whole form is parsed (cross-field rules included) and the
 * first issue whose path starts with the field is shown, translated. The schema may be at hand or still
 * loading (a detail screen's first paint holds no zod: `saveSchema.ts`); a rule then waits for it.
 */
export type Schema = z.ZodType<Record<string, unknown>>;
/** a schema, or how to get it (called when a rule runs) */
export type SchemaSource = Schema | (() => Promise<Schema>);
type Issue = z.core.$ZodIssue & { params?: Record<string, string | number> };

/** The first message (translated) the schema gives for `field` when the form holds `values`; null when valid. */
export function fieldIssue(schema: Schema, field: string, values: Record<string, unknown>): string | null {
  const res = schema.safeParse(values);
  if (res.success) return null;
  const issue = (res.error.issues as Issue[]).find((i) => i.path[0] === field);
  if (!issue) return null;
  return tr(issue.message, issue.params);
}

/** The antd rule of one field: runs the schema on the whole form (on blur, by the Form.Item's trigger). */
export function schemaRule(source: SchemaSource, field: string): FormRule {
  return (form) => ({
    validator: async (_rule, value) => {
      const values = { ...form.getFieldsValue(true), [field]: value === undefined ? null : value };
      const schema = typeof source === 'function' ? await source() : source;
      const message = fieldIssue(schema, field, values);
      if (message) throw new Error(message);
    },
  });
}
