import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import '../../components/components.css';
import { LOG_ACTIONS, LOG_RESULT, logModuleLabel, logModules, logResource } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ColumnOverride, Row } from '../../components/list/columns';
import { canUndoImport, importIdOf, undoImport } from '../../components/list/import/undoImport';
import { invalidateList, ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { ResultTag } from '../../components/ResultTag';
import { LogDetail } from './LogDetail';

/** fixed widths that keep 结果 in view beside the fixed 操作 column at 1280 px (tested) */
export const OPER_LOG_WIDTHS = { resultName: 100, costMs: 110 } as const;

/**
 * 系统监控 › 操作日志: every write and refused write (with 操作地点 and 消耗时间), searched by account, module,
 * action, result and date; 结果 is a coloured tag kept in view at 1280 px; 详情 shows the change field by field;
 * the list exports like every other.
 */
export default function OperLogList() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const search = useMemo<SearchFieldConfig[]>(
    () => [
      { name: 'userName' },
      {
        name: 'module',
        widget: 'select',
        all: true,
        options: logModules().map((m) => ({ value: m, label: logModuleLabel(m) })),
      },
      { name: 'action', widget: 'select', all: true, options: LOG_ACTIONS.map((a) => ({ value: a, label: `log.action.${a}` })) },
      {
        name: 'result',
        widget: 'select',
        all: true,
        options: [
          { value: 1, label: 'log.result.1' },
          { value: 0, label: 'log.result.0' },
        ],
      },
      { name: 'operTime', widget: 'dateRange', label: 'log.f.operTime' },
    ],
    [],
  );
  const columns = useMemo<Record<string, ColumnOverride>>(
    () => ({
      // 姓名 beside the account (issue 25)
      userName: {
        render: (v: unknown, row: Row) => (
          <>
            {String(v ?? '')}
            {row.nickName && row.nickName !== v ? <span className="gk-muted">（{String(row.nickName)}）</span> : null}
          </>
        ),
      },
      resultName: {
        width: OPER_LOG_WIDTHS.resultName,
        render: (v: unknown, row: Row) => <ResultTag ok={Number(row.result) === LOG_RESULT.OK} label={String(v ?? '')} />,
      },
      costMs: {
        width: OPER_LOG_WIDTHS.costMs,
        align: 'right',
        render: (v: unknown) => (v == null ? '—' : t('log.costMs', { ms: Number(v) })),
      },
    }),
    [t],
  );
  const rowActions = useMemo<RowAction[]>(
    () => [
      { key: 'detail', label: 'log.detail', onClick: (row: Row) => setOpen(Number(row.id)) },
      // an import's entry undoes the whole import (issue 26); the server checks the resource's save permission
      {
        key: 'undoImport',
        label: 'import.ui.undo',
        shown: canUndoImport,
        onClick: (row: Row) =>
          modal.confirm({
            title: t('import.ui.undo'),
            content: t('import.ui.undoConfirm'),
            okText: t('import.ui.undo'),
            cancelText: t('ui.cancel'),
            onOk: async () => {
              try {
                await undoImport(importIdOf(row)!);
                message.success(t('import.ui.undone'));
              } catch {
                // the request layer showed the server's message (a record changed since, already undone)
              }
              await invalidateList(client, logResource);
            },
          }),
      },
    ],
    [client, message, modal, t],
  );
  return (
    <>
      <ListPage resource={logResource} search={search} columns={columns} rowActions={rowActions} />
      <LogDetail id={open} onClose={() => setOpen(null)} />
    </>
  );
}
