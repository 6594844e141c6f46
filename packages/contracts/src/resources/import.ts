import { defineEndpoints } from '../endpoints.js';
import { defineMessages } from '../i18n/index.js';
import type { ResourceDef } from '../resource.js';

/**
 * Excel import (导入, issue 26): every resource declaring `importable` (resource.ts) gets 下载模板, 校验 and 导入 on its
 * list screen. The calls are `session` calls: the handler asks for the resource's own save permission (导入 writes
 * what 保存 writes, through the same pipeline), and undo for it too.
 */
export const importEndpoints = defineEndpoints('import', {
  /** `?resource=`: the .xlsx template (columns, a note stating each column's rules, drop-downs for enumerations) */
  getTemplate: { path: '/import/getTemplate', method: 'GET', kind: 'session', name: '下载导入模板' },
  /** multipart: resource, file → `ImportCheckReply`; nothing is written */
  checkImport: { path: '/import/checkImport', kind: 'session', name: '校验导入文件' },
  /** multipart: resource, file, mode (`all` | `valid`) → `ImportDoReply`; one transaction */
  doImport: { path: '/import/doImport', kind: 'session', name: '导入' },
  /** `?id=`: undoes a whole import (its added records removed, its updated ones put back) */
  undoImport: { path: '/import/undoImport', kind: 'session', name: '撤销导入' },
});

/** `all`: only a file without errors is imported; `valid`: the rows without errors are, the others are skipped */
export const IMPORT_MODES = ['all', 'valid'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** the multipart field names of checkImport / doImport */
export const IMPORT_FIELDS = { resource: 'resource', file: 'file', mode: 'mode' } as const;

/** one error of a file: its row as the spreadsheet numbers it (the header is row 1), its column's header, the message */
export interface ImportError {
  row: number;
  column: string;
  msg: string;
}

/** a row of the preview: what it will do and its values as the file gives them (column header → text) */
export interface ImportPreviewRow {
  row: number;
  action: 'add' | 'update';
  values: Record<string, string>;
}

/** `/import/checkImport`'s data */
export interface ImportCheckReply {
  /** data rows in the file */
  rows: number;
  /** rows that would be added / update a stored record (rows with errors counted in neither) */
  adds: number;
  updates: number;
  /** every error, by row and column, in file order */
  errors: ImportError[];
  /** the first rows (up to IMPORT_PREVIEW_ROWS) that would be written */
  preview: ImportPreviewRow[];
}
export const IMPORT_PREVIEW_ROWS = 50;

/** `/import/doImport`'s data: the import's id (for undoImport and the operation log) and what it did */
export interface ImportDoReply {
  id: number;
  adds: number;
  updates: number;
  /** rows left out (mode `valid`: the rows with errors) */
  skipped: number;
}

/** a cell holding several names (a user's roles): separated by `,` `，` or `、` */
export const IMPORT_NAME_SEPARATOR = /[,，、]/;

/** the template's and the file's first sheet: row 1 the headers, data from row 2 */
export const IMPORT_HEADER_ROW = 1;

export const importMessages = defineMessages({
  zh: {
    'import.notImportable': '该数据不支持导入。',
    'import.noFile': '请上传 xlsx 文件。',
    'import.notXlsx': '文件不是有效的 xlsx 表格。',
    'import.tooLarge': '文件过大，上限为 {limit}。',
    'import.zipBomb': '文件解压后过大（上限 {limit}），已拒绝。',
    'import.tooManyRows': '文件有 {rows} 行数据，超过上限 {max} 行。',
    'import.merged': '文件含有合并单元格（{range}），请取消合并后再导入。',
    'import.empty': '文件没有数据行。',
    'import.unknownColumn': '未知的列：{column}',
    'import.duplicateColumn': '列重复：{column}',
    'import.notFound': '编号为 {id} 的记录不存在',
    'import.duplicate': '与第 {row} 行重复',
    'import.lookupUnknown': '“{value}”不存在',
    'import.hasErrors': '文件有 {count} 处错误，请修正后再导入，或选择仅导入有效行。',
    'import.nothing': '没有可导入的行。',
    'import.badMode': '导入方式只能是 all 或 valid。',
    'import.batchNotFound': '导入记录不存在。',
    'import.alreadyUndone': '该导入已撤销。',
    'import.changedSince': '记录“{title}”在导入后已被修改或删除，无法撤销。',
    'import.done': '导入完成：新增 {adds} 条，更新 {updates} 条，跳过 {skipped} 条。',
    'import.undone': '已撤销导入：删除 {adds} 条，还原 {updates} 条。',
    'import.logTitle': '{resource}：新增 {adds} 条，更新 {updates} 条',
    'import.rule.required': '必填。',
    'import.rule.optional': '选填。',
    'import.rule.maxLength': '最多 {max} 个字符。',
    'import.rule.datetime': '时间格式：YYYY-MM-DD HH:mm:ss。',
    'import.rule.flag': '填 1（是）或 0（否）。',
    'import.rule.number': '填数字。',
    'import.rule.lookup': '从下拉列表选择，或填写名称。',
    'import.rule.many': '多个用逗号或顿号分隔。',
    'import.rule.html': '可含 HTML，保存时会清理。',
    'import.rule.id': '填写编码则更新该记录，留空则新增。',
    'import.rule.key': '没有编号时按此列匹配已有记录。',
    'import.rule.blankKeeps': '更新时留空的单元格保持原值。',
    'import.rule.formula': '公式按原文导入，不会计算。',
    'log.action.import': '导入',
    'log.action.undoImport': '撤销导入',
  },
  en: {
    'import.notImportable': 'This data cannot be imported.',
    'import.noFile': 'Please upload an xlsx file.',
    'import.notXlsx': 'The file is not a valid xlsx workbook.',
    'import.tooLarge': 'The file is too large; the limit is {limit}.',
    'import.zipBomb': 'The file unpacks too large (limit {limit}) and was refused.',
    'import.tooManyRows': 'The file has {rows} data rows, more than the limit of {max}.',
    'import.merged': 'The file has merged cells ({range}); unmerge them and import again.',
    'import.empty': 'The file has no data rows.',
    'import.unknownColumn': 'Unknown column: {column}',
    'import.duplicateColumn': 'Column given twice: {column}',
    'import.notFound': 'No record with id {id}',
    'import.duplicate': 'Same as row {row}',
    'import.lookupUnknown': '"{value}" does not exist',
    'import.hasErrors': 'The file has {count} errors: correct them, or import only the valid rows.',
    'import.nothing': 'There are no rows to import.',
    'import.badMode': 'The import mode must be all or valid.',
    'import.batchNotFound': 'Import not found.',
    'import.alreadyUndone': 'This import was already undone.',
    'import.changedSince': 'The record "{title}" was changed or deleted after the import; it cannot be undone.',
    'import.done': 'Import done: {adds} added, {updates} updated, {skipped} skipped.',
    'import.undone': 'Import undone: {adds} removed, {updates} put back.',
    'import.logTitle': '{resource}: {adds} added, {updates} updated',
    'import.rule.required': 'Required.',
    'import.rule.optional': 'Optional.',
    'import.rule.maxLength': 'At most {max} characters.',
    'import.rule.datetime': 'Time format: YYYY-MM-DD HH:mm:ss.',
    'import.rule.flag': '1 (yes) or 0 (no).',
    'import.rule.number': 'A number.',
    'import.rule.lookup': 'Pick from the list, or write the name.',
    'import.rule.many': 'Separate several with commas.',
    'import.rule.html': 'May hold HTML; it is cleaned on save.',
    'import.rule.id': 'With an id the record is updated; blank adds one.',
    'import.rule.key': 'Without an id, a stored record is matched by this column.',
    'import.rule.blankKeeps': 'On an update, a blank cell keeps the stored value.',
    'import.rule.formula': 'A formula is imported as its text, never calculated.',
    'log.action.import': 'Import',
    'log.action.undoImport': 'Undo import',
  },
  es: {
    'import.notImportable': 'Estos datos no se pueden importar.',
    'import.noFile': 'Suba un archivo xlsx.',
    'import.notXlsx': 'El archivo no es un libro xlsx válido.',
    'import.tooLarge': 'El archivo es demasiado grande; el límite es {limit}.',
    'import.zipBomb': 'El archivo descomprimido es demasiado grande (límite {limit}) y se rechazó.',
    'import.tooManyRows': 'El archivo tiene {rows} filas de datos, más que el límite de {max}.',
    'import.merged': 'El archivo tiene celdas combinadas ({range}); sepárelas e importe de nuevo.',
    'import.empty': 'El archivo no tiene filas de datos.',
    'import.unknownColumn': 'Columna desconocida: {column}',
    'import.duplicateColumn': 'Columna repetida: {column}',
    'import.notFound': 'No existe el registro con id {id}',
    'import.duplicate': 'Igual que la fila {row}',
    'import.lookupUnknown': '«{value}» no existe',
    'import.hasErrors': 'El archivo tiene {count} errores: corríjalos o importe solo las filas válidas.',
    'import.nothing': 'No hay filas que importar.',
    'import.badMode': 'El modo de importación debe ser all o valid.',
    'import.batchNotFound': 'Importación no encontrada.',
    'import.alreadyUndone': 'Esta importación ya se deshizo.',
    'import.changedSince': 'El registro «{title}» cambió o se eliminó después de la importación; no se puede deshacer.',
    'import.done': 'Importación hecha: {adds} añadidos, {updates} actualizados, {skipped} omitidos.',
    'import.undone': 'Importación deshecha: {adds} eliminados, {updates} restaurados.',
    'import.logTitle': '{resource}: {adds} añadidos, {updates} actualizados',
    'import.rule.required': 'Obligatorio.',
    'import.rule.optional': 'Opcional.',
    'import.rule.maxLength': 'Como máximo {max} caracteres.',
    'import.rule.datetime': 'Formato de hora: YYYY-MM-DD HH:mm:ss.',
    'import.rule.flag': '1 (sí) o 0 (no).',
    'import.rule.number': 'Un número.',
    'import.rule.lookup': 'Elija de la lista o escriba el nombre.',
    'import.rule.many': 'Separe varios con comas.',
    'import.rule.html': 'Puede contener HTML; se limpia al guardar.',
    'import.rule.id': 'Con un id se actualiza el registro; vacío añade uno.',
    'import.rule.key': 'Sin id, se busca el registro por esta columna.',
    'import.rule.blankKeeps': 'En una actualización, una celda vacía conserva el valor guardado.',
    'import.rule.formula': 'Una fórmula se importa como texto, nunca se calcula.',
    'log.action.import': 'Importar',
    'log.action.undoImport': 'Deshacer importación',
  },
});

/** The columns of a resource's import template, in order (`importable.fields`, else every writable field but images). */
export function importFieldsOf(def: ResourceDef): string[] {
  const imp = def.importable;
  if (!imp) return [];
  if (imp.fields) return [...imp.fields];
  return def.fields
    .filter((f) => !f.readOnly && !f.hidden && !f.join && !f.lookup && f.type !== 'image' && f.name !== 'id')
    .map((f) => f.name);
}

/** the natural key fields of an importable resource (none: rows match by id only) */
export const importKeyOf = (def: ResourceDef): string[] => {
  const key = def.importable?.key;
  return key == null ? [] : typeof key === 'string' ? [key] : [...key];
};
