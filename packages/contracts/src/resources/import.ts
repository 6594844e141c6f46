import { defineEndpoints } from '../endpoints.js';

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
