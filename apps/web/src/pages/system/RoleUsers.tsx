import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { type Reply, roleEndpoints, type UserInfoAccess } from '@gk/contracts';
import { Button, Drawer, Input, Modal, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import type { Key } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/Permission';

type RoleUser = UserInfoAccess & {
  id: number;
  userName: string;
  nickName: string;
  phone: string;
  deptName: string;
  enableFlag: number;
  createTime: string;
};

const PAGE_SIZE = 10;

/** One page of a role's holders (`holding`) or of the other accounts, searched by user name or 姓名, with selection. */
function useRoleUserPage(roleId: number, holding: boolean) {
  const [rows, setRows] = useState<RoleUser[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [userName, setUserName] = useState('');
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks again (reload)
  useEffect(() => {
    let live = true;
    setLoading(true);
    post<Reply<unknown> & { rows?: RoleUser[]; total?: number }>((holding ? roleEndpoints.users : roleEndpoints.candidates).path, {
      roleId,
      userName,
      pageNumber: page,
      pageSize: PAGE_SIZE,
    })
      .then((r) => {
        if (!live) return;
        setRows(r.rows ?? []);
        setTotal(r.total ?? 0);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [roleId, holding, userName, page, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const search = useCallback((v: string) => {
    setUserName(v.trim());
    setPage(1);
  }, []);
  return { rows, total, page, setPage, loading, reload, search };
}

function useColumns() {
  const { t } = useTranslation();
  return [
    { title: t('userInfo.f.userName'), dataIndex: 'userName', key: 'userName' },
    { title: t('userInfo.f.nickName'), dataIndex: 'nickName', key: 'nickName' },
    { title: t('userInfo.f.deptName'), dataIndex: 'deptName', key: 'deptName', width: 130 },
    { title: t('userInfo.f.phone'), dataIndex: 'phone', key: 'phone', width: 130 },
    {
      title: t('userInfo.f.enableFlag'),
      dataIndex: 'enableFlag',
      key: 'enableFlag',
      width: 90,
      render: (v: number) => <Tag color={v === 1 ? 'success' : 'default'}>{t(v === 1 ? 'ui.yes' : 'ui.no')}</Tag>,
    },
  ];
}

/** a row the caller may not touch (its grants exceed theirs) cannot be picked; the checkbox says why */
function useRowSelection(selected: Key[], setSelected: (k: Key[]) => void) {
  const { t } = useTranslation();
  return {
    selectedRowKeys: selected,
    preserveSelectedRowKeys: true,
    onChange: (keys: Key[]) => setSelected(keys),
    getCheckboxProps: (row: RoleUser) => ({
      disabled: row.mayTouch === false,
      title: row.mayTouch === false ? t(row.touchRefusal ?? 'userInfo.notCovered', { name: row.userName }) : undefined,
    }),
  };
}

/** 添加用户: the accounts not holding the role; the chosen ones get it. */
function AddUsers({ role, onClose, onDone }: { role: { id: number; name: string }; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const list = useRoleUserPage(role.id, false);
  const [selected, setSelected] = useState<Key[]>([]);
  const columns = useColumns();
  const rowSelection = useRowSelection(selected, setSelected);
  const submit = async () => {
    try {
      const reply = await withLoading(post(roleEndpoints.assignUsers.path, { roleId: role.id, userIds: selected.map(Number) }));
      message.success(reply.msg);
      onDone();
      onClose();
    } catch {
      // the request layer showed why
    }
  };
  return (
    <Modal
      open
      width={820}
      title={`${t('role.addUsers')}：${role.name}`}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ disabled: !selected.length }}
      okText={t('ui.ok')}
      cancelText={t('ui.cancel')}
    >
      <Input.Search allowClear placeholder={t('userInfo.f.userName')} onSearch={list.search} style={{ maxWidth: 280, marginBottom: 12 }} />
      <Table<RoleUser>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        columns={columns}
        rowSelection={rowSelection}
        scroll={{ x: 700 }}
        pagination={{ current: list.page, pageSize: PAGE_SIZE, total: list.total, onChange: list.setPage, showSizeChanger: false }}
      />
    </Modal>
  );
}

/**
 * 分配用户 (issue 25), opened from 角色管理's row: the role's holders, searched and paged; 添加用户 picks more accounts,
 * 批量取消授权 / 取消授权 remove the role (confirmed). The server's rules are the user dialog's: a role the user may
 * assign, accounts the user may touch (others cannot be picked, the checkbox says why), never the user's own roles, no
 * account left without a role.
 */
export function RoleUsers({ role, onClose }: { role: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const can = usePermission();
  const mayAdd = can(roleEndpoints.assignUsers.path);
  const mayRemove = can(roleEndpoints.unassignUsers.path);
  const list = useRoleUserPage(role.id, true);
  const [selected, setSelected] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const columns = useColumns();
  const rowSelection = useRowSelection(selected, setSelected);
  const remove = async (ids: number[]) => {
    try {
      const reply = await withLoading(post(roleEndpoints.unassignUsers.path, { roleId: role.id, userIds: ids }));
      message.success(reply.msg);
      setSelected((s) => s.filter((k) => !ids.includes(Number(k))));
      list.reload();
    } catch {
      // the request layer showed why
    }
  };
  const noPermission = t('ui.noSavePermission');
  const withTip = (allowed: boolean, node: React.ReactElement) =>
    allowed ? (
      node
    ) : (
      <Tooltip title={noPermission}>
        <span className="gk-tooltip-wrap">{node}</span>
      </Tooltip>
    );
  const actions = {
    title: t('ui.list.actions'),
    key: 'actions',
    width: 120,
    render: (_: unknown, row: RoleUser) => {
      const why = !mayRemove
        ? noPermission
        : row.mayTouch === false
          ? t(row.touchRefusal ?? 'userInfo.notCovered', { name: row.userName })
          : null;
      const button = (
        <Button type="link" size="small" danger disabled={!!why}>
          {t('role.removeUser')}
        </Button>
      );
      return why ? (
        <Tooltip title={why}>
          <span className="gk-tooltip-wrap">{button}</span>
        </Tooltip>
      ) : (
        <Popconfirm title={t('role.removeConfirm', { name: role.name })} onConfirm={() => remove([row.id])}>
          {button}
        </Popconfirm>
      );
    },
  };
  return (
    <Drawer open width={900} title={t('role.holders', { name: role.name })} onClose={onClose} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('userInfo.f.userName')} onSearch={list.search} style={{ width: 240 }} />
        {withTip(
          mayAdd,
          <Button type="primary" icon={<UserAddOutlined />} disabled={!mayAdd} onClick={() => setAdding(true)}>
            {t('role.addUsers')}
          </Button>,
        )}
        {withTip(
          mayRemove,
          <Popconfirm
            title={t('role.removeConfirm', { name: role.name })}
            disabled={!mayRemove || !selected.length}
            onConfirm={() => remove(selected.map(Number))}
          >
            <Button danger icon={<DeleteOutlined />} disabled={!mayRemove || !selected.length}>
              {t('role.removeUsers')}
              {selected.length ? ` (${selected.length})` : ''}
            </Button>
          </Popconfirm>,
        )}
      </Space>
      <Table<RoleUser>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        columns={[...columns, actions]}
        rowSelection={rowSelection}
        scroll={{ x: 760 }}
        pagination={{ current: list.page, pageSize: PAGE_SIZE, total: list.total, onChange: list.setPage, showSizeChanger: false }}
      />
      {adding ? <AddUsers role={role} onClose={() => setAdding(false)} onDone={list.reload} /> : null}
    </Drawer>
  );
}
