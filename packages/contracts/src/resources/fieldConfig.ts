import { z } from 'zod';
import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import { allResources, type ResourceDef } from '../resource.js';

/**
 * Per-user list column settings (SPEC point 7 "Field configuration"). The legacy names are kept exactly,
 * misspellings included (`Filed`, `baseFileds`). Replies use `success` and `message`, not code and msg.
 */
export const fieldConfigEndpoints = defineEndpoints('fieldConfig', {
  get: { path: '/KJ/GetUserTabFiledNameConfig', method: 'GET', kind: 'session', name: '获取列表字段配置' },
  save: { path: '/KJ/SaveUserTabFiledNameConfig', kind: 'session', name: '保存列表字段配置' },
});

export interface FieldLabel {
  /** the field key (API name) */
  field: string;
  /** its label in the request's language */
  fieldName: string;
}

export interface SelectedField {
  field: string;
  /** 1 = pinned to the left */
  isFixed: 0 | 1;
}

export interface FieldConfigData {
  /** every field the list can show */
  baseFileds: FieldLabel[];
  /** the default columns, in order */
  sysFileds: FieldLabel[];
  /** this user's columns, in order (the default set when none saved) */
  selectFileds: SelectedField[];
}

/** The resource whose list a `modelType` configures, or undefined. */
export function resourceOfModelType(modelType: string): ResourceDef | undefined {
  return allResources().find((r) => r.modelType === modelType);
}

export { configurableFields, defaultListFields } from '../list.js';

const isFixed = z
  .union([z.number(), z.string(), z.boolean(), z.null()], { error: 'fieldConfig.badFixed' })
  .optional()
  .transform((v) => (v == null || v === '' ? 0 : typeof v === 'boolean' ? (v ? 1 : 0) : Number(v)))
  .refine((v) => v === 0 || v === 1, { message: 'fieldConfig.badFixed' });

/** The save body: `fieldName` of each item is the field key. */
export const fieldConfigSaveSchema = z.object({
  modelType: z
    .union([z.string(), z.null()], { error: 'fieldConfig.modelTypeRequired' })
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v !== '', { message: 'fieldConfig.modelTypeRequired' }),
  fieldItems: z
    .array(
      z.object(
        {
          fieldName: z.union([z.string(), z.null()], { error: 'fieldConfig.fieldRequired' }).transform((v) => (v ?? '').trim()),
          isFixed,
        },
        { error: 'fieldConfig.fieldRequired' },
      ),
      { error: 'fieldConfig.itemsRequired' },
    )
    .min(1, { message: 'fieldConfig.itemsRequired' })
    .max(200, { message: 'fieldConfig.itemsRequired' }),
});
export type FieldConfigSaveInput = z.input<typeof fieldConfigSaveSchema>;

export const fieldConfigMessages = defineMessages({
  zh: {
    'fieldConfig.loaded': '获取字段配置成功',
    'fieldConfig.saved': '字段保存成功',
    'fieldConfig.modelTypeRequired': '列表类型不得为空',
    'fieldConfig.unknownModel': '未知的列表类型',
    'fieldConfig.itemsRequired': '请至少选择一个字段',
    'fieldConfig.fieldRequired': '字段名不得为空',
    'fieldConfig.unknownField': '未知的字段：{field}',
    'fieldConfig.duplicateField': '字段重复：{field}',
    'fieldConfig.badFixed': '固定列只能是 0 或 1',
  },
  en: {
    'fieldConfig.loaded': 'Field settings loaded',
    'fieldConfig.saved': 'Fields saved successfully',
    'fieldConfig.modelTypeRequired': 'The list type must not be empty',
    'fieldConfig.unknownModel': 'Unknown list type',
    'fieldConfig.itemsRequired': 'Select at least one field',
    'fieldConfig.fieldRequired': 'The field name must not be empty',
    'fieldConfig.unknownField': 'Unknown field: {field}',
    'fieldConfig.duplicateField': 'Field listed twice: {field}',
    'fieldConfig.badFixed': 'IsFixed must be 0 or 1',
  },
  es: {
    'fieldConfig.loaded': 'Configuración de campos cargada',
    'fieldConfig.saved': 'Campos guardados correctamente',
    'fieldConfig.modelTypeRequired': 'El tipo de lista no puede estar vacío',
    'fieldConfig.unknownModel': 'Tipo de lista desconocido',
    'fieldConfig.itemsRequired': 'Seleccione al menos un campo',
    'fieldConfig.fieldRequired': 'El nombre del campo no puede estar vacío',
    'fieldConfig.unknownField': 'Campo desconocido: {field}',
    'fieldConfig.duplicateField': 'Campo repetido: {field}',
    'fieldConfig.badFixed': 'IsFixed debe ser 0 o 1',
  },
});
