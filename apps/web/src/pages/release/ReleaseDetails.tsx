import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  type PublishState,
  type ReleaseDetail,
  type ReleaseItem,
  type Reply,
  releasableResources,
  releaseEndpoints,
  resourceByName,
} from '@gk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchListPage } from '../../api/queries';
import { post } from '../../api/request';
import { DateTimeInput } from '../../components/form/DateTimeInput';
import { nowText } from '../../components/publish/PublishTag';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import { RELEASE_LIST, RELEASE_LIST_KEY, ReleaseStateTag } from './shared';

type Row = Record<string, unknown>;
const SEARCH_DEBOUNCE_MS = 300;
const PICK_PAGE = 10;
const STATE_COLORS: Record<PublishState, string> = { draft: 'default', published: 'success', scheduled: 'processing', offline: 'warning' };

/** a listed record's publish state: the server's (`publishState`), or a window's (a banner: enabled and its times) */
function stateOfRow(resource: string, row: Row, now: string): PublishState {
  if (typeof row.publishState === 'string') return row.publishState as PublishState;
  const def = resourceByName(resource);
  if (def?.publishable) return 'draft';
  if (Number(row.enableFlag) !== 1) return 'draft';
  if (typeof row.offlineTime === 'string' && row.offlineTime && row.offlineTime <= now) return 'offline';
  if (typeof row.publishTime === 'string' && row.publishTime && row.publishTime > now) return 'scheduled';
  return 'published';
}

/** the title a record is listed by: its title, else its name, else #id */
const titleOfRow = (row: Row) => String(row.title || row.name || `#${row.id}`);

/**
 * Searches the records of one resource by title through its own list call (10 at a time); choosing one hands it on.
 */
function RecordSearch({ resource, onPick, disabled }: { resource: string | null; onPick: (row: Row) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const def = resource ? resourceByName(resource) : undefined;
  const found = useQuery({
    queryKey: ['release-pick', resource, keyword],
    enabled: !!def && open,
    queryFn: ({ signal }) => fetchListPage(def!, { title: keyword || undefined, pageNumber: 1, pageSize: PICK_PAGE }, signal),
  });
  const rows = found.data?.rows ?? [];
  return (
    <Select<string>
      aria-label={t('release.ui.searchRecord')}
      style={{ width: 360 }}
      placeholder={t('release.ui.searchRecord')}
      disabled={disabled || !def}
      value={null as unknown as string}
      open={open}
      onOpenChange={setOpen}
      loading={found.isFetching}
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setKeyword(text.trim()), SEARCH_DEBOUNCE_MS);
        },
      }}
      notFoundContent={found.isFetching ? t('ui.select.loading') : t('ui.select.empty')}
      options={rows.map((r) => ({ value: String(r.id), label: titleOfRow(r) }))}
      onChange={(v) => {
        const row = rows.find((r) => String(r.id) === v);
        if (row) onPick(row);
        setOpen(false);
      }}
    />
  );
}

/**
 * 发布计划详情: a release's name, publish time, offline time and records. Records are added by choosing a content type
 * (a publishable one, or banners) and searching its records by title; each shows its state now and can be removed.
 * A release that ran (or runs) is shown read-only, with why it failed.
 */
export default function ReleaseDetails() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const client = useQueryClient();
  const can = usePermission();
  const [params] = useSearchParams();
  const id = params.get('id') || null;
  const [form] = Form.useForm();
  const [items, setItems] = useState<ReleaseItem[]>([]);
  const [resource, setResource] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const record = useQuery({
    queryKey: ['record', 'release', id],
    enabled: !!id,
    queryFn: ({ signal }) => post<Reply<ReleaseDetail>>(releaseEndpoints.get.path, undefined, { params: { id: String(id) }, signal }),
  });
  const release = record.data?.data ?? null;
  // the screen stays mounted between visits: another release (or a new one) starts from its own values
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address names another release
  useEffect(() => {
    form.resetFields();
    setItems([]);
    setResource(null);
  }, [id, form]);
  useEffect(() => {
    if (!release) return;
    form.setFieldsValue({ name: release.name, publishTime: release.publishTime, offlineTime: release.offlineTime });
    setItems(release.items);
  }, [release, form]);

  const readOnly = (!!release && release.state !== 'scheduled') || !can(releaseEndpoints.save.path);
  const resources = useMemo(() => releasableResources().filter((d) => d.endpoints.list), []);

  const add = (row: Row) => {
    if (!resource) return;
    const recordId = Number(row.id);
    const title = titleOfRow(row);
    if (items.some((i) => i.resource === resource && i.id === recordId)) {
      message.warning(t('release.ui.already', { title }));
      return;
    }
    const def = resourceByName(resource);
    const now = nowText();
    setItems((list) => [
      ...list,
      {
        resource,
        id: recordId,
        title,
        resourceLabel: def ? t(def.label) : resource,
        publishState: stateOfRow(resource, row, now),
        problems: [],
      },
    ]);
  };

  const save = async () => {
    let values: { name: string; publishTime: string; offlineTime?: string | null };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const reply = await post<Reply<ReleaseDetail>>(releaseEndpoints.save.path, {
        ...(id ? { id: Number(id) } : {}),
        name: values.name,
        publishTime: values.publishTime,
        offlineTime: values.offlineTime || null,
        items: items.map((i) => ({ resource: i.resource, id: i.id })),
      });
      message.success(reply.msg);
      await client.invalidateQueries({ queryKey: RELEASE_LIST_KEY });
      client.removeQueries({ queryKey: ['record', 'release'] });
      navigate(RELEASE_LIST);
    } catch {
      // the request layer showed the server's message; the form keeps the input
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<ReleaseItem> = [
    { title: t('release.ui.resource'), dataIndex: 'resourceLabel', width: 140 },
    {
      title: t('release.ui.record'),
      dataIndex: 'title',
      render: (v: string | null, item) => (
        <>
          {v ?? `#${item.id}`}
          {v == null && <Typography.Text type="secondary">{t('release.ui.gone')}</Typography.Text>}
          {item.problems?.map((p) => (
            <Typography.Text key={p} type="danger" style={{ display: 'block', fontSize: 12 }}>
              {p}
            </Typography.Text>
          ))}
        </>
      ),
    },
    {
      title: t('release.ui.recordState'),
      dataIndex: 'publishState',
      width: 110,
      render: (v: PublishState | null) => (v ? <Tag color={STATE_COLORS[v]}>{t(`publish.status.${v}`)}</Tag> : '—'),
    },
    ...(readOnly
      ? []
      : [
          {
            title: t('release.ui.actions'),
            key: 'remove',
            width: 90,
            render: (_v: unknown, item: ReleaseItem) => (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setItems((list) => list.filter((i) => !(i.resource === item.resource && i.id === item.id)))}
              >
                {t('release.ui.remove')}
              </Button>
            ),
          },
        ]),
  ];

  const title = !id ? t('release.ui.newTitle') : readOnly ? t('release.ui.viewTitle') : t('release.ui.editTitle');
  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('release.ui.back')} onClick={() => navigate(RELEASE_LIST)} />
          {title}
          {release && <ReleaseStateTag state={release.state} />}
        </Space>
      }
    >
      {release && release.state !== 'scheduled' && (
        <Alert
          style={{ marginBottom: 16 }}
          type={release.state === 'failed' ? 'error' : 'info'}
          showIcon
          message={
            release.state === 'failed'
              ? t('release.ui.failedTitle')
              : t('release.ui.readOnly', { state: t(`release.state.${release.state}`) })
          }
          description={release.reason ? <span style={{ whiteSpace: 'pre-line' }}>{release.reason}</span> : undefined}
        />
      )}
      <Form form={form} layout="vertical" disabled={readOnly} style={{ maxWidth: 720 }}>
        <Form.Item
          name="name"
          label={t('release.ui.name')}
          rules={[{ required: true, whitespace: true, message: t('release.nameRequired') }]}
        >
          <Input maxLength={100} placeholder={t('release.ui.namePlaceholder')} />
        </Form.Item>
        <Space size={24} wrap>
          <Form.Item
            name="publishTime"
            label={t('release.ui.publishTime')}
            rules={[{ required: true, message: t('release.publishTimeRequired') }]}
          >
            <DateTimeInput />
          </Form.Item>
          <Form.Item name="offlineTime" label={t('release.ui.offlineTime')} extra={t('release.ui.offlineHint')}>
            <DateTimeInput />
          </Form.Item>
        </Space>
      </Form>
      <Typography.Title level={5}>{t('release.ui.items')}</Typography.Title>
      {!readOnly && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select<string>
            aria-label={t('release.ui.chooseResource')}
            placeholder={t('release.ui.chooseResource')}
            style={{ width: 180 }}
            value={resource ?? undefined}
            onChange={setResource}
            options={resources.map((d) => ({ value: d.name, label: t(d.label) }))}
          />
          <RecordSearch key={resource ?? ''} resource={resource} onPick={add} />
        </Space>
      )}
      <Table<ReleaseItem>
        rowKey={(i) => `${i.resource}:${i.id}`}
        size="small"
        columns={columns}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: t('release.ui.noItems') }}
      />
      {!readOnly && (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving} onClick={save}>
            {t('release.ui.save')}
          </Button>
          <Button onClick={() => navigate(RELEASE_LIST)}>{t('release.ui.back')}</Button>
        </Space>
      )}
    </Card>
  );
}
