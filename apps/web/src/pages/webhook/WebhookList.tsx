import {
  REVIEW_WEBHOOK_EVENTS,
  resourceByName,
  SITE_CHANGED,
  WEBHOOK_DEBOUNCE_MAX,
  WEBHOOK_OTHER_EVENTS,
  WEBHOOK_RESOURCES,
  webhookEndpoints,
  webhookResource,
} from '@gk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { post } from '../../api/request';
import type { DialogFormConfig } from '../../components/DialogForm';
import type { ColumnOverride } from '../../components/list/columns';
import { ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { useTranslation } from '../../lib/i18n';

type Row = Record<string, unknown>;

/**
 * The events of a webhook as checkboxes per resource, after `site.changed` (every change the site shows, with
 * what it means under it); the API keeps them comma-separated.
 */

/** a resource's name in the event picker: its webhook label when one is written, else its record name */
const resourceLabel = (t: (key: string, options?: { defaultValue: string }) => string, resource: string) => {
  const def = resourceByName(resource);
  return t(`webhook.resource.${resource}`, { defaultValue: def ? t(def.label) : resource });
};

function EventsPicker({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  const chosen = new Set((value ?? '').split(',').filter(Boolean));
  const set = (event: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(event);
    else next.delete(event);
    onChange?.([...next].join(','));
  };
  return (
    <Space direction="vertical" size={4}>
      <div>
        <Checkbox checked={chosen.has(SITE_CHANGED)} onChange={(e) => set(SITE_CHANGED, e.target.checked)}>
          {t('webhook.siteChanged')}
        </Checkbox>
        <Typography.Paragraph type="secondary" style={{ margin: '2px 0 4px 24px', fontSize: 12 }}>
          {t('webhook.siteChangedHelp')}
        </Typography.Paragraph>
      </div>
      {[...Object.entries(WEBHOOK_RESOURCES), ...Object.entries(WEBHOOK_OTHER_EVENTS)].map(([resource, actions]) => (
        <Space key={resource} wrap>
          <span style={{ display: 'inline-block', minWidth: 72 }}>{resourceLabel(t, resource)}</span>
          {actions.map((a) => (
            <Checkbox key={a} checked={chosen.has(`${resource}.${a}`)} onChange={(e) => set(`${resource}.${a}`, e.target.checked)}>
              {t(`webhook.action.${a}`)}
            </Checkbox>
          ))}
        </Space>
      ))}
      <Space wrap>
        <span style={{ display: 'inline-block', minWidth: 72 }}>{t('webhook.resource.review')}</span>
        {REVIEW_WEBHOOK_EVENTS.map((e) => (
          <Checkbox key={e} checked={chosen.has(e)} onChange={(x) => set(e, x.target.checked)}>
            {t(`webhook.action.${e.split('.')[1]}`)}
          </Checkbox>
        ))}
      </Space>
    </Space>
  );
}

/** an event code as its label: 新闻 · 发布 */
function EventLabel({ event }: { event: string }) {
  const { t } = useTranslation();
  const [resource, action] = event.split('.');
  if (!action) return <>{t(`webhook.event.${event}`, { defaultValue: event })}</>;
  return (
    <>
      {resourceLabel(t, resource)} · {t(`webhook.action.${action}`)}
    </>
  );
}

const STATUS_COLOR: Record<string, string> = { success: 'success', pending: 'processing', failed: 'error' };

/** The deliveries of one webhook, newest first, with status, attempts and the last answer. */
function Deliveries({ hook, onClose }: { hook: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [pageNumber, setPage] = useState(1);
  const pageSize = 10;
  const q = useQuery({
    queryKey: ['webhook-deliveries', hook?.id, pageNumber],
    enabled: !!hook,
    queryFn: () => post<{ rows: Row[]; total: number }>(webhookEndpoints.deliveries.path, { webhookId: hook?.id, pageNumber, pageSize }),
  });
  return (
    <Modal
      open={!!hook}
      title={`${t('webhook.deliveries')} · ${String(hook?.name ?? '')}`}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      <Table<Row>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        pagination={{ current: pageNumber, pageSize, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('webhook.d.time'), dataIndex: 'createTime', width: 170 },
          { title: t('webhook.d.event'), dataIndex: 'event', render: (v: string) => <EventLabel event={v} /> },
          {
            title: t('webhook.d.status'),
            dataIndex: 'status',
            width: 110,
            render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`webhook.status.${v}`)}</Tag>,
          },
          { title: t('webhook.d.attempts'), dataIndex: 'attempts', width: 90 },
          { title: t('webhook.d.lastStatus'), dataIndex: 'lastStatus', width: 110 },
          {
            title: t('webhook.d.lastAnswer'),
            dataIndex: 'lastAnswer',
            render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
          },
        ]}
      />
    </Modal>
  );
}

/** 32 random bytes as hex: a signing secret typed by nobody */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The signing secret: write-only. The server never answers it after the save that set it, so the field starts
 * empty: left empty it keeps the secret set (已设置), filled it sets a new one; 生成 fills a random one.
 */
function SecretInput({ id, value, onChange, isSet }: { id?: string; value?: string; onChange?: (v: string) => void; isSet: boolean }) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input.Password
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        maxLength={200}
        autoComplete="new-password"
        placeholder={t(isSet ? 'webhook.secretKeep' : 'webhook.secretNone')}
      />
      <Button onClick={() => onChange?.(newSecret())}>{t('webhook.secretGenerate')}</Button>
    </Space.Compact>
  );
}

const search: SearchFieldConfig[] = [{ name: 'name' }];

const columns: Record<string, ColumnOverride> = {
  secretSet: {
    render: (v: unknown) => <SecretState set={Number(v) === 1} />,
  },
  events: {
    render: (v: unknown) =>
      String(v ?? '')
        .split(',')
        .filter(Boolean)
        .map((e) => (
          <Tag key={e}>
            <EventLabel event={e} />
          </Tag>
        )),
  },
};

function SecretState({ set }: { set: boolean }) {
  const { t } = useTranslation();
  return <Tag color={set ? 'success' : 'default'}>{t(set ? 'webhook.secretSet' : 'webhook.secretNone')}</Tag>;
}

/** The secret a save just set, shown this once (the server never answers it again). */
function SecretShown({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!secret}
      title={t('webhook.secretShownTitle')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ hidden: true }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('webhook.secretShownText')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: secret ?? '' }} code data-testid="webhook-secret">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}

/** /webhook/webhook-list (系统管理 › Webhook): who is told of content changes, a test ping, the deliveries. */
export default function WebhookList() {
  const [shown, setShown] = useState<Row | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const dialog = useMemo<DialogFormConfig>(
    () => ({
      fields: (record) => [
        { name: 'name', maxLength: 100 },
        { name: 'url', maxLength: 500, placeholder: 'https://www.example.com/hooks/cms' },
        { name: 'events', render: () => <EventsPicker /> },
        { name: 'secret', help: 'webhook.secretHelp', render: () => <SecretInput isSet={Number(record?.secretSet) === 1} /> },
        {
          name: 'debounceSeconds',
          help: 'webhook.debounceHelp',
          render: () => <InputNumber min={0} max={WEBHOOK_DEBOUNCE_MAX} precision={0} style={{ width: 200 }} />,
        },
        { name: 'enableFlag' },
      ],
      // a new webhook is saved enabled (the contracts' default): the switch shows it
      defaults: { debounceSeconds: 0, enableFlag: 1 },
      afterSave: (saved) => {
        if (typeof saved?.secret === 'string' && saved.secret) setSecret(saved.secret);
      },
    }),
    [],
  );
  const rowActions: RowAction[] = [
    { key: 'test', label: 'webhook.test', endpoint: webhookEndpoints.test },
    { key: 'deliveries', label: 'webhook.deliveries', onClick: (row) => setShown(row) },
  ];
  return (
    <>
      <ListPage resource={webhookResource} search={search} dialog={dialog} columns={columns} rowActions={rowActions} exportable={false} />
      <Deliveries hook={shown} onClose={() => setShown(null)} />
      <SecretShown secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}

export const preload = listPreload({ resource: webhookResource, search });
