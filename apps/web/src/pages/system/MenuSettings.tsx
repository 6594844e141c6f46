import { type MenuSetting, menuKey, type Reply, roleEndpoints } from '@gk/contracts';
import { Button, Card, Input, InputNumber, Select, Space, Switch, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useCallback, useEffect, useMemo, useState } from 'react';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { MENU_ICON_NAMES, MenuIcon } from '../../layout/icons';
import { useFeedback } from '../../lib/feedback';
import { useOwnGrants } from '../../lib/grants';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';
import { reloadSessionInfo } from '../../lib/sessionInfo';
import { useUnsavedChanges } from '../../lib/unsaved';

type Draft = { title: string; icon: string; sortNo: number; isHidden: boolean };

/**
 * 系统管理 › 菜单设置 (/system/menu-settings): an administrator renames, re-icons, reorders and hides menu
 * entries (the tree itself comes from the contracts). Each row saves on its own; 恢复默认 puts the contracts'
 * values back. The sidebar follows at once (the menus are read again). An entry the user does not hold (a first
 * level: every entry under it) is shown but cannot be changed by them (issue 21), as the server would refuse it.
 */
export default function MenuSettings() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [rows, setRows] = useState<MenuSetting[]>([]);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [loading, setLoading] = useState(true);
  // every group open once the tree has loaded (antd's defaultExpandAllRows only reads the rows of the first render,
  // which are none while the tree loads); the operator's own toggles are kept across saves
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  // without 保存菜单设置 the settings are shown; 保存 / 恢复默认 are disabled and say why
  const mayWrite = usePermission()(roleEndpoints.saveMenu.path);
  const own = useOwnGrants();
  /** the entry is the user's to change (what the server checks): a first level needs every entry under it */
  const holds = (m: MenuSetting) =>
    m.children?.length ? m.children.every((c) => own.has(menuKey(c.routeName))) : own.has(menuKey(m.routeName));
  const whyNot = (m: MenuSetting) => (!mayWrite ? t('ui.noSavePermission') : holds(m) ? undefined : t('menu.notHeld', { title: m.title }));

  const apply = useCallback((list: MenuSetting[]) => {
    setRows(list);
    setExpanded((open) => open ?? list.filter((m) => m.children?.length).map((m) => m.id));
    const next: Record<number, Draft> = {};
    for (const m of list.flatMap((x) => [x, ...(x.children ?? [])]))
      next[m.id] = { title: m.title, icon: m.icon, sortNo: m.sortNo, isHidden: m.isHidden };
    setDrafts(next);
  }, []);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      apply((await post<Reply<MenuSetting[]>>(roleEndpoints.menus.path)).data ?? []);
    } catch {
      // the request layer told the user why
    } finally {
      setLoading(false);
    }
  }, [apply]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (id: number, body: Partial<Draft>) => {
    try {
      const reply = await withLoading(post<Reply<MenuSetting[]>>(roleEndpoints.saveMenu.path, { id, ...body }));
      message.success(reply.msg || t('common.saved'));
      apply(reply.data ?? []);
      await reloadSessionInfo();
    } catch {
      // shown by the request layer
    }
  };

  const edit = (id: number, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [id]: { ...d[id], ...patch } }));
  // a row edited and not saved: leaving the screen asks first
  const dirty = useMemo(
    () =>
      rows
        .flatMap((x) => [x, ...(x.children ?? [])])
        .some((m) => {
          const d = drafts[m.id];
          return !!d && (d.title !== m.title || d.icon !== m.icon || d.sortNo !== m.sortNo || d.isHidden !== m.isHidden);
        }),
    [rows, drafts],
  );
  useUnsavedChanges(dirty);

  const columns: ColumnsType<MenuSetting> = [
    {
      title: t('menu.f.title'),
      dataIndex: 'title',
      // the expand button, the child's indent and the name on one line at 1280 px
      width: 280,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_v, m) => (
        <Input
          aria-label={`${t('menu.f.title')} ${m.defaultTitle}`}
          value={drafts[m.id]?.title}
          placeholder={m.defaultTitle}
          maxLength={32}
          // a fixed width keeps the group's expand button beside it and shows a child's indent
          style={{ width: 200 }}
          disabled={!!whyNot(m)}
          onChange={(e) => edit(m.id, { title: e.target.value })}
        />
      ),
    },
    {
      title: t('menu.f.icon'),
      dataIndex: 'icon',
      width: 220,
      render: (_v, m) => (
        <Select
          aria-label={`${t('menu.f.icon')} ${m.defaultTitle}`}
          showSearch
          optionFilterProp="value"
          style={{ width: '100%' }}
          disabled={!!whyNot(m)}
          value={drafts[m.id]?.icon}
          onChange={(v: string) => edit(m.id, { icon: v })}
          options={MENU_ICON_NAMES.map((name) => ({
            value: name,
            label: (
              <Space>
                <MenuIcon name={name} />
                {name}
              </Space>
            ),
          }))}
        />
      ),
    },
    {
      title: t('menu.f.sortNo'),
      dataIndex: 'sortNo',
      width: 110,
      render: (_v, m) => (
        <InputNumber
          aria-label={`${t('menu.f.sortNo')} ${m.defaultTitle}`}
          min={0}
          precision={0}
          disabled={!!whyNot(m)}
          value={drafts[m.id]?.sortNo}
          onChange={(v) => edit(m.id, { sortNo: Number(v ?? 0) })}
        />
      ),
    },
    {
      title: t('menu.f.hidden'),
      dataIndex: 'isHidden',
      width: 90,
      render: (_v, m) => (
        <Switch
          aria-label={`${t('menu.f.hidden')} ${m.defaultTitle}`}
          checked={drafts[m.id]?.isHidden}
          disabled={!!whyNot(m)}
          onChange={(v) => edit(m.id, { isHidden: v })}
        />
      ),
    },
    {
      title: t('menu.f.url'),
      dataIndex: 'url',
      width: 240,
      render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
    },
    {
      title: t('ui.list.actions'),
      key: 'actions',
      width: 180,
      render: (_v, m) => (
        <Tooltip title={whyNot(m)}>
          <span className="gk-tooltip-wrap">
            <Space>
              <Button type="link" size="small" disabled={!!whyNot(m)} onClick={() => save(m.id, drafts[m.id])}>
                {t('ui.save')}
              </Button>
              <Button
                type="link"
                size="small"
                disabled={!!whyNot(m)}
                onClick={() => save(m.id, { title: '', icon: '', sortNo: undefined, isHidden: undefined })}
              >
                {t('menu.reset')}
              </Button>
            </Space>
          </span>
        </Tooltip>
      ),
    },
  ];

  return (
    <Card title={t('role.menuSettings')}>
      <Table<MenuSetting>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        expandable={{ expandedRowKeys: expanded ?? [], onExpandedRowsChange: setExpanded, indentSize: 24 }}
      />
    </Card>
  );
}
