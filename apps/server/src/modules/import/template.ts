import { importKeyOf, type ResourceDef } from '@gk/contracts';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import type { AnyDb } from '../../db/index.js';
import { t } from '../../http/reply.js';
import { columnLetter, columnsOf, type ImportColumn, lookupNames } from './engine.js';

/** rows of the template the drop-downs cover (the most a file may hold, plus the header) */
const listRows = (maxRows: number) => maxRows + 1;

/** whether a new record needs the field (the save schema refuses a record without it) */
function requiredFields(def: ResourceDef): Set<string> {
  const r = def.save.safeParse({});
  return new Set(r.success ? [] : r.error.issues.map((i) => String(i.path[0] ?? '')));
}

/** the longest text the save takes for a field (its `v.tooLong` rule), if it has one */
function maxLength(def: ResourceDef, field: string): number | null {
  const r = def.save.safeParse({ [field]: 'a'.repeat(2_000_001) });
  if (r.success) return null;
  for (const i of r.error.issues) {
    const max = (i as { params?: { max?: unknown } }).params?.max;
    if (i.path[0] === field && i.message === 'v.tooLong' && max != null) return Number(max);
  }
  return null;
}

/** the rules of one column, in the request's language (the header's note) */
function ruleOf(req: FastifyRequest, def: ResourceDef, c: ImportColumn, required: Set<string>): string {
  if (c.field === 'id') return t(req, 'import.rule.id');
  const out: string[] = [];
  out.push(t(req, required.has(c.field) ? 'import.rule.required' : 'import.rule.optional'));
  if (importKeyOf(def).includes(c.field)) out.push(t(req, 'import.rule.key'));
  if (c.lookup) {
    out.push(t(req, 'import.rule.lookup'));
    if (c.lookup.many) out.push(t(req, 'import.rule.many'));
  } else {
    const type = c.def?.type;
    if (type === 'datetime') out.push(t(req, 'import.rule.datetime'));
    else if (type === 'flag') out.push(t(req, 'import.rule.flag'));
    else if (type === 'int' || type === 'sort') out.push(t(req, 'import.rule.number'));
    else {
      if (type === 'html') out.push(t(req, 'import.rule.html'));
      const max = maxLength(def, c.field);
      if (max != null) out.push(t(req, 'import.rule.maxLength', { max }));
    }
  }
  out.push(t(req, 'import.rule.blankKeeps'));
  return out.join('\n');
}

/**
 * The .xlsx template of a resource: one header row (labels in the request's language, each with a note stating its
 * rules), drop-downs for flags and for the names of the rows a column refers to (kept on a hidden sheet).
 */
export async function buildTemplate(ctx: Ctx, def: ResourceDef, req: FastifyRequest): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet(t(req, def.label).slice(0, 31) || def.name);
  // ExcelJS keeps a worksheet's validations by range (`sqref`); its typings leave the collection out
  const validations = (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations;
  const lists = wb.addWorksheet('lists', { state: 'veryHidden' });
  const cols = columnsOf(def);
  const required = requiredFields(def);
  const last = listRows(ctx.config.importMaxRows);
  let listCol = 0;
  ws.columns = cols.map((c) => ({ header: t(req, c.label), key: c.field, width: Math.max(12, t(req, c.label).length * 2 + 4) }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  cols.forEach((c, i) => {
    const cell = head.getCell(i + 1);
    cell.note = ruleOf(req, def, c, required);
    const range = `${columnLetter(i)}2:${columnLetter(i)}${last}`;
    if (c.def?.type === 'flag' && !c.lookup) {
      validations.add(range, { type: 'list', allowBlank: true, formulae: ['"1,0"'] });
    }
  });
  for (const [i, c] of cols.entries()) {
    if (!c.lookup) continue;
    const names = await lookupNames(ctx.db as unknown as AnyDb, c.lookup);
    if (!names.length) continue;
    const letter = columnLetter(listCol++);
    names.forEach((name, r) => {
      lists.getCell(`${letter}${r + 1}`).value = name;
    });
    // a multi-name column (roles) takes several names: its list helps, but does not refuse others
    validations.add(`${columnLetter(i)}2:${columnLetter(i)}${last}`, {
      type: 'list',
      allowBlank: true,
      showErrorMessage: !c.lookup.many,
      formulae: [`lists!$${letter}$1:$${letter}$${names.length}`],
    });
  }
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
