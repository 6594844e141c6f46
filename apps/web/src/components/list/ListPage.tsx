import {
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  PlusOutlined,
  ReloadOutlined,
  SettingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { Endpoint, Reply } from '@gk/contracts';
import { batchActionsOf, type ListResource, PAGE_SIZES } from '@gk/contracts/list';
import { Button, Card, Space, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { type Key, lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { useFeedback } from '../../lib/feedback';
import { currentLang, useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import { Denied } from '../Denied';
import type { DialogFormConfig } from '../DialogForm';
import { useFieldConfig, visibleFields } from '../fieldConfig/useFieldConfig';
import { translationColumn, withTranslationSearch } from '../translation/listTranslation';
import { showsTranslations, useContentLocales } from '../translation/locales';
import { actionsWidth, buildColumns, type ColumnOverride, type Row, scrollWidth, type ToggleOptions } from './columns';
import { DataTable, type Selection, type SortOrder } from './DataTable';
import { formValues, listBody } from './listUrl';
import { Pager } from './Pager';
import { type SearchFieldConfig, SearchForm, useSearchForm } from './SearchForm';
import { type DeleteText, useListController } from './useListController';
import '../components.css';

/** the 批量操作 menu (antd Dropdown and its dialogs) loads with the first selection: a list opens without it */
const BatchActions = lazy(() => import('./batch/BatchActions').then((m) => ({ default: m.BatchActions })));

/**
 * The list screen of a resource (SPEC points 2, 4, 5, 9), configured by the resource's description plus a
 * small page config. What it knows and does is `useListController` (query in the URL, selection, delete,
 * toggles); this is its view: top buttons by permission, search (any search goes back to page 1), server-side sort
 * on the sortable fields, selection kept across pages, the pager, delete with the resource's rule, flags
 * toggled in place, details on a route or in a dialog, Excel export and the user's column choice.
 */
// the column settings dialog (drag and drop) loads when it is opened
const FieldConfigDialog = lazy(() => import('../fieldConfig/FieldConfigDialog').then((m) => ({ default: m.FieldConfigDialog })));
// the dialog form (form widgets, image slots, rich text) loads when a row is opened in it: a list shows no form
const DialogForm = lazy(() => import('../DialogForm').then((m) => ({ default: m.DialogForm })));
// the empty state (its picture and texts) loads when a list has no rows
const EmptyState = lazy(() => import('./EmptyState'));
// 导入's dialog loads when opened (issue 26)
const ImportDialog = lazy(() => import('./import/ImportDialog'));

export { invalidateResource as invalidateList } from '../../api/queries';
export type { ListQuery } from './useListController';

/** A per-row button of the actions column, after 查看详情 / 编辑. */
export interface RowAction {
  key: string;
  /** message key of the button */
  label: string;
  /** posts the row's `?id=` here and shows the reply's message in a dialog titled by the label … */
  endpoint?: Endpoint;
  /** … or does this */
  onClick?: (row: Row) => void;
  /** the button permission it needs (default: the endpoint's path when it is a write) */
  permission?: string;
  /** whether the row has this button at all (登录日志's 解锁: only rows of locked accounts); default every row */
  shown?: (row: Row) => boolean;
}

export interface ListPageProps {
  resource: ListResource;
  search?: SearchFieldConfig[];
  /** per-field column tweaks (width ≤ 400, label, render …) */
  columns?: Record<string, ColumnOverride>;
  /** per-toggle behaviour (news isHot: `{ reloadOnFailure: false }`) */
  toggles?: Record<string, ToggleOptions>;
  /** new / view details open this route (`?id=` for a record) … */
  detailRoute?: string;
  /** … or a dialog form */
  dialog?: DialogFormConfig;
  /** more per-row buttons (users: 查看密码) */
  rowActions?: RowAction[];
  /** parameters always sent with the list call */
  baseQuery?: Record<string, string | number>;
  /** offer the Excel export (default true) */
  exportable?: boolean;
  /** text above the toolbar (default none) */
  extra?: ReactNode;
  /** the delete button's and confirmation's message keys (the recycle bin: 彻底删除) */
  deleteText?: DeleteText;
  /** more toolbar buttons acting on the selected rows; `done` clears the selection and reloads the list */
  selectionActions?: (selection: { selected: readonly Key[]; rows: readonly Row[]; done: () => void }) => ReactNode;
  /**
   * Why the caller may not write this row (the server says so in the row: users' `mayTouch`), or nothing. A locked
   * row's 编辑, write actions and toggles are disabled and its selection (what 删除 takes) is off, each with this
   * reason as its tooltip. Keep it stable (useCallback): the columns follow it.
   */
  rowLock?: (row: Row) => string | null | undefined;
}

const NO_SEARCH: SearchFieldConfig[] = [];

export function ListPage({
  resource,
  search: ownSearch = NO_SEARCH,
  columns: overrides,
  toggles: toggleOptions,
  detailRoute,
  dialog,
  rowActions,
  baseQuery,
  exportable = true,
  extra,
  deleteText,
  selectionActions,
  rowLock,
}: ListPageProps) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const can = usePermission();
  const navigate = useNavigate();
  // a translatable resource's list also filters by translation (译文语言 / 译文状态) and shows a 翻译 column
  const locales = useContentLocales();
  const uiLang = currentLang();
  const search = useMemo(() => withTranslationSearch(resource, ownSearch, locales, uiLang), [resource, ownSearch, locales, uiLang]);
  const translations = showsTranslations(resource, locales);
  const listPath = resource.endpoints.list?.path ?? '';
  // 编辑 (dialog) follows the save permission: disabled with a tooltip, not left to fail on the server
  const canSave = !!resource.endpoints.save && can(resource.endpoints.save.path);
  const ctl = useListController({ resource, search, baseQuery, toggles: toggleOptions, deleteText });
  const { query, rows, total, list, selected, setSelected, onToggle, reload } = ctl;
  const [dialogRecord, setDialogRecord] = useState<Row | null | undefined>(undefined);
  const [fieldsOpen, setFieldsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const searchForm = useSearchForm();
  // the selected rows as they were when picked (the selection keeps rows of other pages)
  const pickedRows = useRef(new Map<Key, Row>());

  // the search form shows the URL's filters (a reload, the back button, a shared link)
  const filtersKey = JSON.stringify(query.filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the filters' text
  useEffect(() => {
    if (search.length) searchForm.setFieldsValue(formValues(query.filters, search));
  }, [filtersKey, search, searchForm]);

  const fieldConfig = useFieldConfig(resource.modelType);
  const visible = useMemo(() => visibleFields(resource, fieldConfig.data), [resource, fieldConfig.data]);

  const openRecord = useCallback(
    (row: Row | null) => {
      if (detailRoute) navigate(row ? `${detailRoute}?id=${encodeURIComponent(String(row.id))}` : detailRoute);
      else if (dialog) setDialogRecord(row);
    },
    [detailRoute, dialog, navigate],
  );

  const runAction = useCallback(
    async (action: RowAction, row: Row) => {
      if (action.onClick) return action.onClick(row);
      if (!action.endpoint) return;
      try {
        const reply = await withLoading(post<Reply>(action.endpoint.path, undefined, { params: { id: row.id as number | string } }));
        modal.info({ title: t(action.label), content: reply.msg, okText: t('ui.ok') });
      } catch {
        // the request layer showed the server's message
      }
    },
    [modal, t],
  );
  // each action the user may use, and whether it writes (a locked row disables it)
  const actions = useMemo(
    () =>
      (rowActions ?? [])
        .map((a) => ({ ...a, need: a.permission ?? (a.endpoint?.kind === 'write' ? a.endpoint.path : undefined) }))
        // one the user lacks stays, disabled with the missing-permission tooltip (as everywhere)
        .map((a) => ({ ...a, denied: !!a.need && !can(a.need) })),
    [rowActions, can],
  );

  const columns = useMemo<ColumnType<Row>[]>(() => {
    const cols = buildColumns({
      visible,
      overrides,
      t,
      sortField: query.sortField,
      sortOrder: query.sortOrder,
      toggles: resource.toggles,
      canToggle: can,
      onToggle,
      rowLock,
      toggleOptions,
    });
    if (translations) cols.push(translationColumn(locales, uiLang, t));
    // a column kept in view (发布状态: fixed right by its override) stands beside 操作, after the scrolling ones
    cols.sort((a, b) => Number(a.fixed === 'right') - Number(b.fixed === 'right'));
    if (detailRoute || dialog || actions.length) {
      cols.push({
        key: '__actions',
        title: t('ui.list.actions'),
        fixed: 'right',
        width: actionsWidth(!!(detailRoute || dialog), actions.length),
        align: 'center',
        render: (_v, row) => {
          const lock = rowLock?.(row) || null;
          return (
            <Space size={0}>
              {detailRoute && (
                <Button type="link" size="small" onClick={() => openRecord(row)}>
                  {t('ui.list.viewDetails')}
                </Button>
              )}
              {dialog && !detailRoute && (
                <Tooltip title={canSave ? (lock ?? undefined) : t('ui.noSavePermission')}>
                  <span className="gk-tooltip-wrap">
                    <Button type="link" size="small" disabled={!canSave || !!lock} onClick={() => openRecord(row)}>
                      {t('ui.edit')}
                    </Button>
                  </span>
                </Tooltip>
              )}
              {actions.map((a) =>
                a.shown && !a.shown(row) ? null : a.denied ? (
                  <Denied key={a.key}>
                    <Button type="link" size="small">
                      {t(a.label)}
                    </Button>
                  </Denied>
                ) : a.need && lock ? (
                  <Tooltip key={a.key} title={lock}>
                    <span className="gk-tooltip-wrap">
                      <Button type="link" size="small" disabled>
                        {t(a.label)}
                      </Button>
                    </span>
                  </Tooltip>
                ) : (
                  <Button key={a.key} type="link" size="small" onClick={() => void runAction(a, row)}>
                    {t(a.label)}
                  </Button>
                ),
              )}
            </Space>
          );
        },
      });
    }
    return cols;
  }, [
    visible,
    overrides,
    t,
    query.sortField,
    query.sortOrder,
    resource.toggles,
    toggleOptions,
    can,
    canSave,
    onToggle,
    detailRoute,
    dialog,
    openRecord,
    actions,
    runAction,
    rowLock,
    translations,
    locales,
    uiLang,
  ]);

  // the columns keep their widths (≤ 400) and share any extra room; a narrow screen scrolls sideways
  const scrollX = useMemo(() => scrollWidth(columns), [columns]);

  const hasAdd = !!resource.endpoints.save && !!(detailRoute || dialog);
  const canAdd = hasAdd && can(resource.endpoints.save!.path);
  const delPath = resource.endpoints.del?.path;
  const canDelete = !!delPath && can(delPath);
  // 导入 writes what 保存 writes: a resource declaring `importable` offers it to holders of its save permission
  const importPath = resource.importable ? resource.endpoints.save?.path : undefined;

  const clearFilters = () => {
    if (search.length) searchForm.resetFields();
    ctl.onReset();
  };

  const onSort = useCallback(
    (field: string, order: SortOrder) =>
      ctl.setSort(order ? field : null, order === 'descend' ? 'desc' : order === 'ascend' ? 'asc' : null),
    [ctl.setSort],
  );

  // a row the user may not write is not selectable (删除 takes the selection); the tooltip says why
  const lockedRow = useMemo(() => (rowLock ? (row: Row) => !!rowLock(row) : undefined), [rowLock]);
  const wrapBox = useMemo(
    () =>
      rowLock
        ? (row: Row, node: ReactNode) => {
            const lock = rowLock(row);
            return lock ? (
              <Tooltip title={lock}>
                <span className="gk-tooltip-wrap">{node}</span>
              </Tooltip>
            ) : (
              node
            );
          }
        : undefined,
    [rowLock],
  );
  const selection: Selection = {
    selected,
    onChange: (keys, picked) => {
      for (const r of picked) pickedRows.current.set(r.id as Key, r);
      setSelected(keys);
    },
    disabled: lockedRow,
    wrap: wrapBox,
  };

  const onExport = async () => {
    setExporting(true);
    const key = `export-${resource.name}`;
    try {
      const { exportList } = await import('./exportList');
      await exportList({
        resource,
        listPath,
        body: listBody({ ...query, pageNumber: 1, pageSize: 100 }, baseQuery),
        visible,
        t,
        onProgress: (done, all) => message.loading({ key, content: t('ui.export.progress', { done, total: all }), duration: 0 }),
      });
      message.success({ key, content: t('ui.export.done') });
    } catch (e) {
      message.error({
        key,
        content: e instanceof Error && e.message ? t('ui.export.failedWith', { reason: e.message }) : t('ui.export.failed'),
      });
    } finally {
      setExporting(false);
    }
  };

  const { filtered } = ctl;
  return (
    <div className="gk-list" data-resource={resource.name}>
      {search.length > 0 && (
        <Card className="gk-list-search" variant="borderless">
          <SearchForm resource={resource} fields={search} onSearch={ctl.onSearch} onReset={ctl.onReset} form={searchForm} />
        </Card>
      )}
      <Card className="gk-list-body" variant="borderless">
        {extra}
        <div className="gk-list-toolbar">
          <Space wrap>
            {hasAdd &&
              (canAdd ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => openRecord(null)}>
                  {t('ui.add')}
                </Button>
              ) : (
                <Denied>
                  <Button type="primary" icon={<PlusOutlined />}>
                    {t('ui.add')}
                  </Button>
                </Denied>
              ))}
            {delPath &&
              (canDelete ? (
                <Button danger icon={<DeleteOutlined />} onClick={ctl.onDelete}>
                  {t(deleteText?.button ?? 'ui.delete')}
                </Button>
              ) : (
                <Denied>
                  <Button danger icon={<DeleteOutlined />}>
                    {t(deleteText?.button ?? 'ui.delete')}
                  </Button>
                </Denied>
              ))}
            {batchActionsOf(resource).length > 0 &&
              (() => {
                const idle = (
                  <Tooltip title={selected.length ? undefined : t('batch.selectFirst')}>
                    <Button disabled>
                      {t('batch.menu')} <DownOutlined />
                    </Button>
                  </Tooltip>
                );
                return selected.length ? (
                  <Suspense fallback={idle}>
                    <BatchActions
                      resource={resource}
                      selected={selected}
                      rows={pickedRows.current}
                      done={() => {
                        ctl.clearSelection();
                        void reload();
                      }}
                    />
                  </Suspense>
                ) : (
                  idle
                );
              })()}
            {selectionActions?.({
              selected,
              rows: selected.map((k) => pickedRows.current.get(k)).filter((r): r is Row => !!r),
              done: () => {
                ctl.clearSelection();
                void reload();
              },
            })}
            {selected.length > 0 && (
              <span className="gk-list-selection" aria-live="polite">
                {t('ui.list.selected', { count: selected.length })}
                <Button type="link" size="small" onClick={ctl.clearSelection}>
                  {t('ui.list.clearSelection')}
                </Button>
              </span>
            )}
          </Space>
          <Space size={4}>
            {importPath &&
              (can(importPath) ? (
                <Tooltip title={t('import.ui.tip')}>
                  <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
                    {t('import.ui.button')}
                  </Button>
                </Tooltip>
              ) : (
                <Denied>
                  <Button icon={<UploadOutlined />}>{t('import.ui.button')}</Button>
                </Denied>
              ))}
            {exportable && (
              <Tooltip title={t('ui.export.tip')}>
                <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} disabled={total <= 0}>
                  {t('ui.export')}
                </Button>
              </Tooltip>
            )}
            <Tooltip title={t('ui.refresh')}>
              <Button
                icon={<ReloadOutlined spin={list.isFetching && !list.isLoading} />}
                aria-label={t('ui.refresh')}
                onClick={() => void list.refetch()}
              />
            </Tooltip>
            {resource.modelType && (
              <Tooltip title={t('ui.fields.title')}>
                <Button icon={<SettingOutlined />} aria-label={t('ui.fields.title')} onClick={() => setFieldsOpen(true)} />
              </Tooltip>
            )}
          </Space>
        </div>
        <DataTable
          columns={columns}
          rows={rows}
          loading={list.isFetching}
          scrollX={scrollX}
          onSort={onSort}
          selection={selection}
          empty={
            list.isLoading ? null : (
              <Suspense fallback={null}>
                <EmptyState filtered={filtered} onReset={clearFilters} onAdd={canAdd ? () => openRecord(null) : undefined} />
              </Suspense>
            )
          }
        />
        {total > 0 && (
          <Pager
            current={query.pageNumber}
            pageSize={query.pageSize}
            total={total}
            pageSizes={PAGE_SIZES}
            showTotal={(n) => (n > 0 ? t('ui.list.total', { total: n }) : null)}
            onChange={(page, size) => ctl.setPage(page, size)}
          />
        )}
      </Card>
      {dialog && dialogRecord !== undefined && (
        <Suspense fallback={null}>
          <DialogForm
            resource={resource}
            config={dialog}
            record={dialogRecord}
            onClose={() => setDialogRecord(undefined)}
            onSaved={() => {
              setDialogRecord(undefined);
              void reload();
            }}
          />
        </Suspense>
      )}
      {importOpen && (
        <Suspense fallback={null}>
          <ImportDialog resource={resource} onClose={() => setImportOpen(false)} onImported={() => void reload()} />
        </Suspense>
      )}
      {resource.modelType && fieldsOpen && (
        <Suspense fallback={null}>
          <FieldConfigDialog resource={resource} modelType={resource.modelType} onClose={() => setFieldsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
