import type { FormRule } from 'antd';
import type { z } from 'zod';
import { tr } from '../../lib/i18n';

/**
 * Form rules derived from a resource's zod `save` schema (contracts), so the client shows exactly the
 * message the server would answer with. The whole form is parsed (cross-field rules included) and the
 * first issue whose path starts with the field is shown, translated.
 */
type Schema = z.ZodType<Record<string, unknown>>;
type Issue = z.core.$ZodIssue & { params?: Record<string, string | number> };

/** The first message (translated) the schema gives for `field` when the form holds `values`; null when valid. */
export function fieldIssue(schema: Schema, field: string, values: Record<string, unknown>): string | null {
  const res = schema.safeParse(values);
  if (res.success) return null;
  const issue = (res.error.issues as Issue[]).find((i) => i.path[0] === field);
  if (!issue) return null;
  return tr(issue.message, issue.params);
}

/** The shape of an object schema, when it is one. */
function shapeOf(schema: Schema): Record<string, z.ZodType> | null {
  const s = schema as unknown as { shape?: Record<string, z.ZodType> };
  return s.shape && typeof s.shape === 'object' ? s.shape : null;
}

/** Whether the schema refuses the field when it is missing: the form marks it with an asterisk. */
export function isRequired(schema: Schema, field: string): boolean {
  const shape = shapeOf(schema);
  const fieldSchema = shape?.[field];
  if (!fieldSchema) return false;
  return !fieldSchema.safeParse(undefined).success;
}

/** The antd rule of one field: runs the schema on the whole form (on blur, by the Form.Item's trigger). */
export function schemaRule(schema: Schema, field: string): FormRule {
  return (form) => ({
    validator: async (_rule, value) => {
      const values = { ...form.getFieldsValue(true), [field]: value === undefined ? null : value };
      const message = fieldIssue(schema, field, values);
      if (message) throw new Error(message);
    },
  });
}
