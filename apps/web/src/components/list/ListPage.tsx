import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { type Endpoint, PAGE_SIZES, type PageReply, type Reply, type ResourceDef } from '@gk/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Space, Table, type TablePaginationConfig, Tooltip, Typography } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { type Key, lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { usePermission } from '../../app/Permission';
import { DialogForm, type DialogFormConfig } from '../DialogForm';
import { useFieldConfig, visibleFields } from '../fieldConfig/useFieldConfig';
import { buildColumns, type ColumnOverride, FLEX_MIN_WIDTH, type Row, type ToggleOptions } from './columns';
import { invalidateList, listKey } from './listCache';
import { type Filters, type SearchFieldConfig, SearchForm } from './SearchForm';
import '../components.css';

/**
 * The list screen of a resource (SPEC points 2, 4, 5, 9), configured by the resource's description plus a
 * small page config: top buttons by permission, search (any search goes back to page 1), server-side sort
 * on the sortable fields, selection kept across pages, the pager, delete with the resource's rule, flags
 * toggled in place, details on a route or in a dialog, Excel export and the user's column choice.
 */
// the column settings dialog (drag and drop) loads when it is opened
const FieldConfigDialog = lazy(() => import('../fieldConfig/FieldConfigDialog').then((m) => ({ default: m.FieldConfigDialog })));

export { invalidateList, listKey };

const SELECTION_WIDTH = 48;

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
}

export interface ListPageProps {
  resource: ResourceDef;
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
}

export interface ListQuery {
  filters: Filters;
  pageNumber: number;
  pageSize: number;
  sortField: string | null;
  sortOrder: 'asc' | 'desc' | null;
}

/** The body of the list call: filters, paging and sort. */
export function listBody(q: ListQuery, base?: Record<string, string | number>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...base, ...q.filters, pageNumber: q.pageNumber, pageSize: q.pageSize };
  if (q.sortField && q.sortOrder) {
    body.sortField = q.sortField;
    body.sortOrder = q.sortOrder;
  }
  return body;
}

function EmptyState({ filtered, onReset, onAdd }: { filtered: boolean; onReset: () => void; onAdd?: () => void }) {
  const { t } = useTranslation();
  return (
    <Empty
      className="gk-list-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Space orientation="vertical" size={2}>
          <Typography.Text>{filtered ? t('ui.list.emptyFiltered') : t('ui.list.empty')}</Typography.Text>
          <Typography.Text type="secondary">{filtered ? t('ui.list.emptyFilteredHint') : t('ui.list.emptyHint')}</Typography.Text>
        </Space>
      }
    >
      {filtered ? (
        <Button onClick={onReset}>{t('ui.list.clearFilters')}</Button>
      ) : (
        onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('ui.add')}
          </Button>
        )
      )}
    </Empty>
  );
}

export function ListPage({
  resource,
  search = [],
  columns: overrides,
  toggles: toggleOptions = {},
  detailRoute,
  dialog,
  rowActions,
  baseQuery,
  exportable = true,
  extra,
}: ListPageProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const client = useQueryClient();
  const listEndpoint = resource.endpoints.list;
  if (!listEndpoint) throw new Error(`${resource.name} has no list endpoint`);
  const listPath = listEndpoint.path;
  const defaultSize = resource.pageSize ?? 20;

  const [query, setQuery] = useState<ListQuery>({ filters: {}, pageNumber: 1, pageSize: defaultSize, sortField: null, sortOrder: null });
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialogRecord, setDialogRecord] = useState<Row | null | undefined>(undefined);
  const [fieldsOpen, setFieldsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [searchForm] = Form.useForm();

  const queryKey = useMemo(() => [...listKey(resource.name), query, baseQuery ?? null], [resource.name, query, baseQuery]);
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => post<PageReply<Row>>(listPath, listBody(query, baseQuery), { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const total = Number(list.data?.total ?? 0);

  // a page past the end (after deleting its last rows) moves back to the last page
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    if (list.data.rows.length === 0 && total > 0 && query.pageNumber > 1) {
      setQuery((q) => ({ ...q, pageNumber: Math.max(1, Math.ceil(total / q.pageSize)) }));
    }
  }, [list.data, list.isPlaceholderData, total, query.pageNumber]);

  const reload = useCallback(() => invalidateList(client, resource), [client, resource]);

  const fieldConfig = useFieldConfig(resource.modelType);
  const visible = useMemo(() => visibleFields(resource, fieldConfig.data), [resource, fieldConfig.data]);

  const onToggle = useCallback(
    async (row: Row, field: string, next: boolean) => {
      const endpoint = resource.toggles?.[field];
      if (!endpoint) return;
      const flag = next ? 1 : 0;
      try {
        const reply = await post<Reply>(endpoint.path, undefined, { params: { id: row.id, flag } });
        message.success(reply.msg || t('common.ok'));
        client.setQueryData<PageReply<Row>>(queryKey, (old) =>
          old ? { ...old, rows: old.rows.map((r) => (r.id === row.id ? { ...r, [field]: flag } : r)) } : old,
        );
        // other loaded pages and pickers of this resource are out of date now; the visible page is not,
        // unless the server changed other rows too (reloadOnSuccess)
        if (toggleOptions[field]?.reloadOnSuccess) void reload();
        else void client.invalidateQueries({ queryKey: listKey(resource.name), refetchType: 'none' });
      } catch {
        // the request layer showed the server's message
        if (toggleOptions[field]?.reloadOnFailure !== false) void list.refetch();
      }
    },
    [resource, message, t, client, queryKey, toggleOptions, list, reload],
  );

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
        const reply = await withLoading(post<Reply>(action.endpoint.path, undefined, { params: { id: row.id } }));
        modal.info({ title: t(action.label), content: reply.msg, okText: t('ui.ok') });
      } catch {
        // the request layer showed the server's message
      }
    },
    [modal, t],
  );
  const actions = useMemo(
    () =>
      (rowActions ?? []).filter((a) => {
        const need = a.permission ?? (a.endpoint?.kind === 'write' ? a.endpoint.path : undefined);
        return !need || can(need);
      }),
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
    });
    if (detailRoute || dialog || actions.length) {
      cols.push({
        key: '__actions',
        title: t('ui.list.actions'),
        fixed: 'right',
        width: (detailRoute || dialog ? 100 : 20) + actions.length * 90,
        align: 'center',
        render: (_v, row) => (
          <Space size={0}>
            {(detailRoute || dialog) && (
              <Button type="link" size="small" onClick={() => openRecord(row)}>
                {detailRoute ? t('ui.list.viewDetails') : t('ui.edit')}
              </Button>
            )}
            {actions.map((a) => (
              <Button key={a.key} type="link" size="small" onClick={() => void runAction(a, row)}>
                {t(a.label)}
              </Button>
            ))}
          </Space>
        ),
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
    can,
    onToggle,
    detailRoute,
    dialog,
    openRecord,
    actions,
    runAction,
  ]);

  // the columns keep their widths (≤ 400) and share any extra room; a narrow screen scrolls sideways
  const scrollX = useMemo(
    () => columns.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : FLEX_MIN_WIDTH), SELECTION_WIDTH),
    [columns],
  );

  const canAdd = !!resource.endpoints.save && can(resource.endpoints.save.path) && !!(detailRoute || dialog);
  const delPath = resource.endpoints.del?.path;
  const canDelete = !!delPath && can(delPath);

  const onSearch = (filters: Filters) => setQuery((q) => ({ ...q, filters, pageNumber: 1 }));
  const onReset = () => setQuery((q) => ({ ...q, filters: {}, pageNumber: 1, sortField: null, sortOrder: null }));
  const clearFilters = () => {
    if (search.length) searchForm.resetFields();
    onReset();
  };

  const onTableChange = (
    p: TablePaginationConfig,
    _f: unknown,
    sorter: SorterResult<Row> | SorterResult<Row>[],
    extra: { action: string },
  ) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = s?.order ? String(s.columnKey ?? s.field) : null;
      setQuery((q) => ({
        ...q,
        sortField: field,
        sortOrder: s?.order === 'descend' ? 'desc' : s?.order === 'ascend' ? 'asc' : null,
        pageNumber: 1,
      }));
    } else if (extra.action === 'paginate') {
      setQuery((q) => {
        const pageSize = p.pageSize ?? q.pageSize;
        return { ...q, pageSize, pageNumber: pageSize !== q.pageSize ? 1 : (p.current ?? 1) };
      });
    }
  };

  const onDelete = () => {
    if (!delPath) return;
    if (selected.length === 0) {
      message.warning(t('v.ids'));
      return;
    }
    if (resource.del === 'id' && selected.length > 1) {
      message.warning(t('v.onlyOne'));
      return;
    }
    const ids = [...selected];
    modal.confirm({
      title: t('v.confirmDelete'),
      content: t('ui.list.deleteCount', { count: ids.length }),
      okText: t('ui.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.cancel'),
      onOk: async () => {
        try {
          const call =
            resource.del === 'id'
              ? post<Reply>(delPath, undefined, { params: { id: String(ids[0]) } })
              : post<Reply>(delPath, ids.map(Number));
          const reply = await withLoading(call);
          message.success(reply.msg || t('common.deleted'));
          setSelected((s) => s.filter((k) => !ids.includes(k)));
          await reload();
        } catch {
          // the request layer showed the server's message
        }
      },
    });
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

  const filtered = Object.keys(query.filters).length > 0;
  const pagination: TablePaginationConfig | false =
    total > 0
      ? {
          current: query.pageNumber,
          pageSize: query.pageSize,
          total,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n) => (n > 0 ? t('ui.list.total', { total: n }) : null),
          position: ['bottomRight'],
        }
      : false;

  return (
    <div className="gk-list" data-resource={resource.name}>
      {search.length > 0 && (
        <Card className="gk-list-search" variant="borderless">
          <SearchForm resource={resource} fields={search} onSearch={onSearch} onReset={onReset} form={searchForm} />
        </Card>
      )}
      <Card className="gk-list-body" variant="borderless">
        {extra}
        <div className="gk-list-toolbar">
          <Space wrap>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openRecord(null)}>
                {t('ui.add')}
              </Button>
            )}
            {canDelete && (
              <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
                {t('ui.delete')}
              </Button>
            )}
            {selected.length > 0 && (
              <span className="gk-list-selection" aria-live="polite">
                {t('ui.list.selected', { count: selected.length })}
                <Button type="link" size="small" onClick={() => setSelected([])}>
                  {t('ui.list.clearSelection')}
                </Button>
              </span>
            )}
          </Space>
          <Space size={4}>
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
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={pagination}
          onChange={onTableChange}
          scroll={{ x: scrollX }}
          sticky
          showSorterTooltip={{ target: 'sorter-icon' }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys),
            fixed: true,
            columnWidth: SELECTION_WIDTH,
          }}
          locale={{
            emptyText: list.isLoading ? (
              ' '
            ) : (
              <EmptyState filtered={filtered} onReset={clearFilters} onAdd={canAdd ? () => openRecord(null) : undefined} />
            ),
          }}
        />
      </Card>
      {dialog && dialogRecord !== undefined && (
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
      )}
      {resource.modelType && fieldsOpen && (
        <Suspense fallback={null}>
          <FieldConfigDialog resource={resource} modelType={resource.modelType} onClose={() => setFieldsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
