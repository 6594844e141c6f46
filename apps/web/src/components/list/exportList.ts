import type { FieldDef, PageReply } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import dayjs from 'dayjs';
import { imageUrl, post } from '../../api/request';
import type { VisibleField } from '../fieldConfig/useFieldConfig';
import type { Row } from './columns';
import { saveBlob } from './saveBlob';
import { buildXlsx, type Cell } from './xlsx';

/**
 * Exports every row of the list's current filter and sort (all pages, fetched 100 at a time) to an .xlsx
 * file with the columns the user sees. Loaded on demand from the list's 导出 button.
 */
export const EXPORT_PAGE_SIZE = 100;
/** a safety stop: an export never walks more pages than this */
const MAX_PAGES = 2000;

export interface ExportOptions {
  resource: ListResource;
  listPath: string;
  body: Record<string, unknown>;
  visible: VisibleField[];
  t: (key: string, params?: Record<string, unknown>) => string;
  onProgress?: (done: number, total: number) => void;
}

export function cellOf(f: FieldDef, v: unknown, t: ExportOptions['t']): Cell {
  if (v == null || v === '') return '';
  if (f.type === 'flag') return Number(v) === 1 ? t('ui.yes') : t('ui.no');
  if (f.type === 'image') return new URL(imageUrl(String(v)), location.href).href;
  if ((f.type === 'int' || f.type === 'sort') && Number.isFinite(Number(v))) return Number(v);
  return String(v);
}

/** Every row of the filter, page after page, without duplicates (rows may move while paging). */
export async function fetchAllRows(
  listPath: string,
  body: Record<string, unknown>,
  onProgress?: (done: number, total: number) => void,
): Promise<Row[]> {
  const out: Row[] = [];
  const seen = new Set<unknown>();
  let total = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const reply = await post<PageReply<Row>>(listPath, { ...body, pageNumber: page, pageSize: EXPORT_PAGE_SIZE }, { quiet: true });
    total = Number(reply.total) || 0;
    for (const r of reply.rows ?? []) {
      const key = r.id ?? JSON.stringify(r);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(r);
    }
    onProgress?.(Math.min(out.length, total), total);
    if (!reply.rows?.length || page * EXPORT_PAGE_SIZE >= total) break;
  }
  return out;
}

export async function exportList({
  resource,
  listPath,
  body,
  visible,
  t,
  onProgress,
}: ExportOptions): Promise<{ rows: number; fileName: string }> {
  const rows = await fetchAllRows(listPath, body, onProgress);
  const fields = visible.map((v) => v.field).filter((f) => f.type !== 'html');
  const title = t(resource.label);
  const blob = await buildXlsx({
    name: title,
    header: fields.map((f) => t(f.label)),
    rows: rows.map((r) => fields.map((f) => cellOf(f, r[f.name], t))),
  });
  const fileName = `${title}_${dayjs().format('YYYYMMDD_HHmmss')}.xlsx`;
  saveBlob(blob, fileName);
  return { rows: rows.length, fileName };
}
