import { importEndpoints, type Reply } from '@gk/contracts';
import { post } from '../../../api/request';
import type { Row } from '../columns';

/**
 * The operation log's entry of an import (action `import`, one entry for the whole import): the import's id is the
 * entry's `importId` (or its record id), and an entry the server marks as undone (`undone`) or not undoable
 * (`undoable: false`) has no 撤销导入.
 */
export function importIdOf(row: Row): number | null {
  if (row.action !== 'import') return null;
  const id = Number(row.importId ?? row.recordId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function canUndoImport(row: Row): boolean {
  return importIdOf(row) !== null && !row.undone && row.undoable !== false && Number(row.result ?? 1) === 1;
}

/** `/import/undoImport?id=`: the server's refusal (a record changed since, already undone) is shown by the request layer */
export const undoImport = (id: number) => post<Reply>(importEndpoints.undoImport.path, undefined, { params: { id } });
