import { SITE_KEY_MODES, siteKeyEndpoints, siteKeyResource } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Modal, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { invalidateResource } from '../../api/queries';
import { post } from '../../api/request';
import type { DialogFormConfig } from '../../components/DialogForm';
import type { ColumnOverride } from '../../components/list/columns';
import { ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';

type Row = Record<string, unknown>;

const search: SearchFieldConfig[] = [{ name: 'name' }];

const MODE_OPTIONS = SITE_KEY_MODES.map((m) => ({ value: m.code, label: `siteKey.mode.${m.code}` }));

function ModeTag({ mode }: { mode: unknown }) {
  const { t } = useTranslation();
  return <Tag color={mode === 'preview' ? 'orange' : 'blue'}>{t(`siteKey.mode.${mode === 'preview' ? 'preview' : 'published'}`)}</Tag>;
}

function Status({ revoked }: { revoked: boolean }) {
  const { t } = useTranslation();
  return <Tag color={revoked ? 'default' : 'success'}>{t(revoked ? 'siteKey.revokedTag' : 'siteKey.active')}</Tag>;
}

function LastUsed({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value ? String(value) : <Typography.Text type="secondary">{t('siteKey.never')}</Typography.Text>;
}

const columns: Record<string, ColumnOverride> = {
  modeName: { width: 150, render: (_v: unknown, row: Row) => <ModeTag mode={row.mode} /> },
  keyPrefix: { width: 170, render: (v: unknown) => <Typography.Text code>{`${String(v ?? '')}…`}</Typography.Text> },
  lastUsedTime: { width: 170, render: (v: unknown) => <LastUsed value={v} /> },
  revoked: { width: 100, render: (v: unknown) => <Status revoked={Number(v) === 1} /> },
};

/** The key a create just made, shown this once (the server stores its hash only and never answers it again). */
function KeyShown({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!secret}
      title={t('siteKey.shownTitle')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ hidden: true }}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('siteKey.shownText')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: secret ?? '' }} code data-testid="site-key">
        {secret}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('siteKey.usage')}</Typography.Paragraph>
    </Modal>
  );
}

/**
 * /system/site-key-list (系统管理 › 站点密钥): the website servers' read-only keys. 新增 makes a key and shows it
 * once; 撤销 (after a confirmation) refuses it from then on. A revoked key stays listed, locked.
 */
export default function SiteKeyList() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const client = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const dialog = useMemo<DialogFormConfig>(
    () => ({
      // the mode is chosen when the key is made; afterwards only its name changes
      fields: (record) => [
        { name: 'name', maxLength: 100 },
        { name: 'mode', widget: 'select', options: MODE_OPTIONS, help: 'siteKey.modeHelp', disabled: !!record },
      ],
      defaults: { mode: 'published' },
      afterSave: (saved) => {
        if (typeof saved?.key === 'string' && saved.key) setSecret(saved.key);
      },
    }),
    [],
  );
  const revoke = useCallback(
    (row: Row) =>
      modal.confirm({
        title: t('siteKey.revokeTitle'),
        content: t('siteKey.revokeConfirm', { name: String(row.name ?? '') }),
        okText: t('siteKey.revoke'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            const reply = await post<{ msg?: string }>(siteKeyEndpoints.revoke.path, undefined, { params: { id: row.id as number } });
            message.success(reply.msg || t('siteKey.revokeDone'));
          } catch {
            // the request layer showed the server's message
          }
          await invalidateResource(client, siteKeyResource);
        },
      }),
    [client, message, modal, t],
  );
  const rowActions: RowAction[] = useMemo(
    () => [{ key: 'revoke', label: 'siteKey.revoke', onClick: revoke, permission: siteKeyEndpoints.revoke.path }],
    [revoke],
  );
  const rowLock = useCallback((row: Row) => (Number(row.revoked) === 1 ? t('siteKey.revokedLocked') : null), [t]);
  return (
    <>
      <ListPage
        resource={siteKeyResource}
        search={search}
        dialog={dialog}
        columns={columns}
        rowActions={rowActions}
        rowLock={rowLock}
        exportable={false}
      />
      <KeyShown secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}

export const preload = listPreload({ resource: siteKeyResource, search });
