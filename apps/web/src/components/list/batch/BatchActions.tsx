import { DownOutlined } from '@ant-design/icons';
import { type BatchAction, type BatchActionOf, type BatchReply, batchActionsOf, batchEndpoints, type Reply } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import { Button, Dropdown, Form, type MenuProps, Modal, Tooltip, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { withLoading } from '../../../api/loading';
import { post } from '../../../api/request';
import { useFeedback } from '../../../lib/feedback';
import { useTranslation } from '../../../lib/i18n';
import { usePermission } from '../../../lib/Permission';
import { RemoteSelect } from '../../RemoteSelect';
import { fullResource } from '../../resource/fullResource';
import type { Row } from '../columns';

export interface BatchActionsProps {
  /** a list's plain description: its whole one is read here (`fullResource`) */
  resource: ListResource;
  selected: readonly Key[];
  /** the selected rows as they were picked (their titles name the refused ones) */
  rows: ReadonlyMap<Key, Row>;
  /** clears the selection and reloads the list */
  done: () => void;
}

/** what a row is called in the summary: its title or name, else its id */
const titleOf = (row: Row | undefined, id: number) => String(row?.title ?? row?.name ?? `#${id}`);

/**
 * 批量操作 (issue 26) on the selected rows: 批量发布 / 批量下线 / 批量置顶 / 取消置顶 / 批量修改类型, each where the resource
 * has it (contracts `batchActionsOf`); one the user lacks the permission for stays in the menu, disabled with the
 * missing-permission tooltip. Confirm (修改类型: pick the type), one `/batch/doBatch` call, then a summary: how many
 * were done, and each refused record by its title with the server's reason.
 */
export function BatchActions({ resource: listResource, selected, rows, done }: BatchActionsProps) {
  const resource = fullResource(listResource);
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const can = usePermission();
  const actions = useMemo(() => batchActionsOf(resource), [resource]);
  const [typeOpen, setTypeOpen] = useState(false);
  const [type, setType] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  if (!actions.length) return null;

  const run = async (action: BatchActionOf, extra: { type?: string } = {}) => {
    const ids = selected.map(Number);
    setRunning(true);
    try {
      const reply = await withLoading(
        post<Reply<BatchReply>>(batchEndpoints.doBatch.path, { resource: resource.name, action: action.action, ids, ...extra }),
      );
      const { done: ok, refused } = reply.data ?? { done: [], refused: [] };
      const label = t(action.label);
      if (!refused.length) message.success(t('batch.allDone', { action: label, count: ok.length }));
      else
        modal.warning({
          title: t('batch.summaryTitle', { action: label, done: ok.length, refused: refused.length }),
          width: 560,
          okText: t('ui.ok'),
          content: (
            <div className="gk-batch-summary">
              <Typography.Paragraph>{t('batch.doneCount', { count: ok.length })}</Typography.Paragraph>
              <Typography.Paragraph>{t('batch.refusedCount', { count: refused.length })}</Typography.Paragraph>
              <ul data-testid="batch-refused">
                {refused.map((r) => (
                  <li key={r.id}>
                    <Typography.Text strong>{titleOf(rows.get(r.id) ?? rows.get(String(r.id)), r.id)}</Typography.Text>
                    {t('batch.reasonSep')}
                    {r.msg}
                  </li>
                ))}
              </ul>
            </div>
          ),
        });
      done();
      return true;
    } catch {
      // the request layer showed the server's message (403, a bad type …)
      return false;
    } finally {
      setRunning(false);
    }
  };

  const start = (key: BatchAction) => {
    const action = actions.find((a) => a.action === key);
    if (!action || !can(action.permission)) return;
    if (!selected.length) {
      message.warning(t('v.ids'));
      return;
    }
    if (action.action === 'setType') {
      setType(null);
      setTypeOpen(true);
      return;
    }
    modal.confirm({
      title: t(action.label),
      content: t('batch.confirm', { count: selected.length, action: t(action.label) }),
      okText: t('ui.ok'),
      cancelText: t('ui.cancel'),
      onOk: () => run(action),
    });
  };

  const items: MenuProps['items'] = actions.map((a) => {
    const denied = !can(a.permission);
    return {
      key: a.action,
      disabled: denied,
      label: denied ? (
        <Tooltip title={t('ui.noPermission')} placement="right">
          <span data-denied="">{t(a.label)}</span>
        </Tooltip>
      ) : (
        t(a.label)
      ),
    };
  });
  const setTypeAction = actions.find((a) => a.action === 'setType');

  return (
    <>
      <Dropdown menu={{ items, onClick: ({ key }) => start(key as BatchAction) }} trigger={['click']}>
        <Button loading={running}>
          {t('batch.menu')} <DownOutlined />
        </Button>
      </Dropdown>
      {setTypeAction && resource.typeField && (
        <Modal
          open={typeOpen}
          title={t(setTypeAction.label)}
          okText={t('ui.ok')}
          cancelText={t('ui.cancel')}
          okButtonProps={{ disabled: !type, loading: running }}
          onCancel={() => setTypeOpen(false)}
          onOk={async () => {
            if (type && (await run(setTypeAction, { type }))) setTypeOpen(false);
          }}
          destroyOnHidden
        >
          <Typography.Paragraph>{t('batch.confirm', { count: selected.length, action: t(setTypeAction.label) })}</Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item label={t('batch.pickType')} required>
              <RemoteSelect
                url={resource.typeField.list.path}
                value={type}
                onChange={(v) => setType(v == null ? null : String(v))}
                placeholder={t('batch.typeRequired')}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
