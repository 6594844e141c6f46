import { AppstoreOutlined, DeleteOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { allResources, formatBytes, type MediaRow, mediaEndpoints } from '@gk/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Input,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  Upload,
  type UploadProps,
} from 'antd';
import { useMemo, useState } from 'react';
import { Denied } from '../../components/Denied';
import { IMAGE_ACCEPT, isAcceptedImage } from '../../components/image/imageSlots';
import { MediaGrid } from '../../components/image/media/MediaGrid';
import {
  deleteMedia,
  deleteUnusedMedia,
  fetchMediaPage,
  type MediaQuery,
  mediaKey,
  mediaTitle,
  thumbOf,
  uploadToLibrary,
} from '../../components/image/media/mediaApi';
import { feedback, useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import { MediaDetail, refusalText, useResourceLabel } from './MediaDetail';
import '../../components/image/media/media.css';

type View = 'grid' | 'list';
type UploadRequestOption = Parameters<NonNullable<UploadProps['customRequest']>>[0];
const VIEW_KEY = 'gk-media-view';
const PAGE_SIZES: Record<View, number> = { grid: 24, list: 20 };

/**
 * 素材库 (issue 26): every stored image once, shown by its title (its stored name below), searched by title, name or alt text, filtered by 未使用, by the resource using
 * it and by upload date, as a grid or a table; multi-upload by drag and drop with each file's progress; one image's
 * drawer (MediaDetail) edits its alt text, lists where it is used, replaces or deletes it; the selected images or
 * every unused one deleted at once (the server refuses the whole call while one is used, naming where).
 */
export default function MediaList() {
  const { t } = useTranslation();
  const can = usePermission();
  const client = useQueryClient();
  const label = useResourceLabel();
  const { modal } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [unused, setUnused] = useState(false);
  const [resource, setResource] = useState<string | undefined>();
  const [dates, setDates] = useState<[string, string] | null>(null);
  const [view, setViewState] = useState<View>(() => (localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid'));
  const [pageNumber, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[view]);
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<MediaRow | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);

  const query: MediaQuery = {
    keyword: keyword || undefined,
    unused: unused ? 1 : 0,
    resource,
    startTime: dates?.[0],
    endTime: dates?.[1],
    pageNumber,
    pageSize,
  };
  const q = useQuery({
    queryKey: mediaKey(query),
    queryFn: ({ signal }) => fetchMediaPage(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = q.data?.rows ?? [];

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['media'] });
    void client.invalidateQueries({ queryKey: ['media-usage'] });
  };
  const setView = (v: View) => {
    localStorage.setItem(VIEW_KEY, v);
    setViewState(v);
    setPageSize(PAGE_SIZES[v]);
    setPage(1);
  };
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setSelected([]);
    };

  const resourceOptions = useMemo(
    () => [
      ...allResources()
        .filter((r) => r.fields.some((f) => f.type === 'image' || f.type === 'html'))
        .map((r) => ({ value: r.name, label: label(r.name) })),
      { value: 'user', label: label('user') },
      { value: 'recycle', label: label('recycle') },
    ],
    [label],
  );

  /** deletes; true when done (a refusal is shown in a dialog: it names where an image is used) */
  const remove = async (names: string[]): Promise<boolean> => {
    if (!names.length) return false;
    setBusy(true);
    try {
      const reply = await deleteMedia(names);
      feedback().message.success(reply.msg || t('media.ui.deleted', { count: names.length }));
      setSelected((s) => s.filter((n) => !names.includes(n)));
      refresh();
      return true;
    } catch (e) {
      modal.error({ title: t('media.ui.deleteRefused'), content: refusalText(e) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const removeUnused = async () => {
    setBusy(true);
    try {
      const reply = await deleteUnusedMedia();
      const removed = (reply.data as { removed?: string[] } | undefined)?.removed;
      if (removed && !removed.length) feedback().message.info(t('media.ui.noneUnused'));
      else feedback().message.success(reply.msg || t('media.ui.deleted', { count: removed?.length ?? 0 }));
      setSelected([]);
      refresh();
    } catch (e) {
      modal.error({ title: t('media.ui.deleteRefused'), content: refusalText(e) });
    } finally {
      setBusy(false);
    }
  };

  const upload = async ({ file, onProgress, onSuccess, onError }: UploadRequestOption) => {
    try {
      const reply = await uploadToLibrary(file as File, (percent) => onProgress?.({ percent }));
      onSuccess?.(reply);
      refresh();
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      feedback().message.error(`${(file as File).name}: ${err.message}`);
      onError?.(err);
    }
  };

  const canDel = can(mediaEndpoints.del.path);
  const delSelected = (
    <Button danger icon={<DeleteOutlined />} disabled={!selected.length} loading={busy}>
      {t('media.ui.deleteSelected', { count: selected.length })}
    </Button>
  );
  const delUnused = <Button loading={busy}>{t('media.ui.deleteUnused')}</Button>;

  return (
    <Card className="gk-media-page">
      <div className="gk-media-toolbar">
        <Input.Search
          allowClear
          style={{ width: 240, maxWidth: '100%' }}
          placeholder={t('media.ui.keyword')}
          aria-label={t('media.ui.keyword')}
          onSearch={(v) => filtered(setKeyword)(v.trim())}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('media.ui.resource')}
          aria-label={t('media.ui.resource')}
          options={resourceOptions}
          value={resource}
          onChange={filtered(setResource)}
        />
        <DatePicker.RangePicker
          aria-label={t('media.ui.uploadDate')}
          placeholder={[t('media.ui.uploadDate'), t('media.ui.uploadDate')]}
          style={{ width: 260, maxWidth: '100%' }}
          onChange={(_d, s) => filtered(setDates)(s?.[0] && s[1] ? [s[0], s[1]] : null)}
        />
        <Checkbox checked={unused} onChange={(e) => filtered(setUnused)(e.target.checked)}>
          {t('media.ui.unused')}
        </Checkbox>
        <span className="gk-media-grow" />
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, label: t('media.ui.grid') },
            { value: 'list', icon: <UnorderedListOutlined />, label: t('media.ui.list') },
          ]}
        />
      </div>
      <div className="gk-media-toolbar">
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading((u) => !u)} aria-expanded={uploading}>
          {t('media.ui.upload')}
        </Button>
        {canDel ? (
          <Popconfirm
            title={t('media.ui.deleteSelectedConfirm', { count: selected.length })}
            okText={t('ui.ok')}
            cancelText={t('ui.cancel')}
            disabled={!selected.length}
            onConfirm={() => remove(selected)}
          >
            {delSelected}
          </Popconfirm>
        ) : (
          <Denied>{delSelected}</Denied>
        )}
        {canDel ? (
          <Popconfirm title={t('media.ui.deleteUnusedConfirm')} okText={t('ui.ok')} cancelText={t('ui.cancel')} onConfirm={removeUnused}>
            {delUnused}
          </Popconfirm>
        ) : (
          <Denied>{delUnused}</Denied>
        )}
      </div>
      {uploading && (
        <div style={{ marginBottom: 16 }}>
          <Upload.Dragger
            multiple
            name="file"
            accept={IMAGE_ACCEPT}
            customRequest={(o) => void upload(o)}
            beforeUpload={(file) => {
              if (isAcceptedImage(file)) return true;
              feedback().message.error(`${file.name}: ${t('upload.badType')}`);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <UploadOutlined />
            </p>
            <p className="ant-upload-text">{t('media.ui.dragHint')}</p>
            <p className="ant-upload-hint">{t('media.ui.dragSub')}</p>
          </Upload.Dragger>
        </div>
      )}
      {view === 'grid' ? (
        <Spin spinning={q.isFetching}>
          <MediaGrid rows={rows} loading={q.isPending} onOpen={setOpen} checked={selected} onCheck={setSelected} />
        </Spin>
      ) : (
        <Table<MediaRow>
          rowKey="name"
          size="small"
          loading={q.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 1100 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          onRow={(row) => ({ onDoubleClick: () => setOpen(row) })}
          columns={[
            {
              title: t('media.ui.thumb'),
              key: 'thumb',
              width: 84,
              render: (_v, row) => (
                <img className="gk-media-table-thumb" src={thumbOf(row, 160)} alt={row.alt || mediaTitle(row)} loading="lazy" />
              ),
            },
            {
              title: t('media.ui.name'),
              key: 'title',
              ellipsis: true,
              render: (_v, row) => (
                <div className="gk-media-table-name">
                  <Button type="link" size="small" style={{ padding: 0 }} title={row.name} onClick={() => setOpen(row)}>
                    {mediaTitle(row)}
                  </Button>
                  {row.title && (
                    <Typography.Text type="secondary" className="gk-media-file" ellipsis={{ tooltip: row.name }}>
                      {row.name}
                    </Typography.Text>
                  )}
                </div>
              ),
            },
            { title: t('media.ui.bytes'), dataIndex: 'bytes', width: 90, render: (v: number) => formatBytes(v) },
            { title: t('media.ui.size'), key: 'size', width: 110, render: (_v, row) => `${row.width}×${row.height}` },
            { title: t('media.ui.format'), dataIndex: 'format', width: 70, render: (v: string) => v?.toUpperCase() },
            { title: t('media.ui.uploader'), dataIndex: 'uploader', width: 100, render: (v: string | null) => v ?? '—' },
            { title: t('media.ui.uploadTime'), dataIndex: 'uploadTime', width: 170, render: (v: string | null) => v ?? '—' },
            { title: t('media.ui.alt'), dataIndex: 'alt', ellipsis: true },
            {
              title: t('media.ui.uses'),
              dataIndex: 'uses',
              width: 90,
              render: (v: number) => (v > 0 ? v : <Tag>{t('media.ui.unusedTag')}</Tag>),
            },
          ]}
        />
      )}
      <div className="gk-media-pager">
        <Space>
          <Pagination
            current={pageNumber}
            pageSize={pageSize}
            total={q.data?.total ?? 0}
            showSizeChanger
            pageSizeOptions={view === 'grid' ? [24, 48, 96] : [10, 20, 50, 100]}
            showTotal={(n) => (n > 0 ? t('ui.list.total', { total: n }) : null)}
            onChange={(p, s) => {
              setPage(s !== pageSize ? 1 : p);
              setPageSize(s);
            }}
          />
        </Space>
      </div>
      <MediaDetail row={open} onClose={() => setOpen(null)} onDelete={remove} onChanged={refresh} onReplaced={setOpen} onSaved={setOpen} />
    </Card>
  );
}
