import { LockOutlined } from '@ant-design/icons';
import { type DeptNode, stripChinese, USER_NAME_MAX, type UserInfoAccess, userInfoEndpoints, userInfoResource } from '@gk/contracts';
import { Button, Card, Form, Input, Modal, Space, Tag, Tooltip, Tree } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import type { DialogFormConfig } from '../../components/DialogForm';
import type { FormFieldConfig } from '../../components/form/FormFields';
import { NewPasswordItem } from '../../components/form/NewPasswordItem';
import { rules } from '../../components/form/validators';
import type { ColumnOverride, Row, ToggleOptions } from '../../components/list/columns';
import { ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { useFeedback } from '../../lib/feedback';
import { tr, useTranslation } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import { DeptTreeSelect, toTreeData, useDeptTree } from '../system/deptTree';
import { RoleMultiSelect } from './RoleMultiSelect';

/**
 * /userInfo/userInfo-list (admin only): users, searched by name, enabled flag and creation date; added and
 * edited in a dialog. The password drops Chinese characters as it is typed; on edit an empty one keeps the
 * old password. 查看密码 shows the server's answer (it never reveals a password). The role picker offers only the
 * roles the signed-in user may assign, and an account whose grants are not covered by the user's (the list's
 * `mayTouch`, the server's rule) offers no 编辑 / 重置密码 / 解锁 / 停用 / 删除: they are disabled, the tooltip giving
 * the server's refusal (issue 21).
 */
const search: SearchFieldConfig[] = [
  { name: 'userName' },
  { name: 'enableFlag', widget: 'flag' },
  {
    name: 'roleId',
    label: 'userInfo.f.roleIds',
    widget: 'remote',
    // every role (the filter needs no grant): the user dialog's own call, so 用户管理 alone can read it
    remote: { url: userInfoEndpoints.roles.path, valueKey: 'id', labelKey: 'name' },
  },
  { name: 'createTime', widget: 'dateRange', start: 'startTime', end: 'endTime' },
];

const dialog = (defaultDept: number | null): DialogFormConfig => ({
  fields: (record) => {
    const password: FormFieldConfig = { name: 'password', widget: 'password', normalize: stripChinese };
    return [
      { name: 'userName', maxLength: USER_NAME_MAX },
      // 姓名 and 手机 are the account's name and tel, the ones 个人中心 edits (issue 25)
      { name: 'nickName', maxLength: 64, placeholder: 'userInfo.nickNameHint' },
      // required on create only (the schema's rule); the counter would hide 密码不得超过30位, so none
      record ? { ...password, placeholder: 'userInfo.passwordKeep' } : { ...password, required: true },
      {
        name: 'deptId',
        label: 'userInfo.f.deptId',
        render: () => <DeptTreeSelect path={userInfoEndpoints.deptTree.path} />,
      },
      { name: 'phone', maxLength: 13, rules: [rules.phoneOrLandline()] },
      { name: 'email', maxLength: 100, rules: [rules.email()] },
      { name: 'enableFlag', required: true },
      {
        name: 'roleIds',
        label: 'userInfo.f.roleIds',
        // at least one: an account without a role cannot sign in (the server refuses an empty list too)
        required: true,
        rules: [{ required: true, type: 'array', min: 1, message: tr('userInfo.rolesRequired') }],
        // nobody changes their own roles (the server refuses it too)
        render: () => <RoleMultiSelect disabled={!!record && Number(record.id) === useSession.getState().user?.id} />,
      },
    ];
  },
  defaults: { enableFlag: 1, ...(defaultDept ? { deptId: defaultDept } : {}) },
});

/** 用户名 with the 已锁定 tag of an account the login throttle refuses now (解锁 lifts it). */
function UserNameCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const name = String(row.userName ?? '');
  if (!row.locked) return name;
  return (
    <Space size={4} wrap>
      <span>{name}</span>
      <Tooltip title={t('userInfo.lockedHint')}>
        <Tag color="error" icon={<LockOutlined />}>
          {t('userInfo.lockedTag')}
        </Tag>
      </Tooltip>
    </Space>
  );
}

/** 状态 asks first, as RuoYi does (停用 ends the account's sessions at once); the own account's switch is off */
const toggles: Record<string, ToggleOptions> = {
  enableFlag: {
    confirm: (row, next) => tr(next ? 'userInfo.enableConfirm' : 'userInfo.disableConfirm', { name: String(row.userName) }),
    lock: (row) => (Number(row.id) === useSession.getState().user?.id ? tr('userInfo.switchSelf') : null),
  },
};

const columns: Record<string, ColumnOverride> = {
  userName: { render: (_v: unknown, row: Row) => <UserNameCell row={row} /> },
  phone: { width: 130 },
  deptName: { width: 140 },
};

/** 用户管理's left panel: the department tree; choosing one lists its accounts and those of the departments below. */
function DeptPanel({
  tree,
  loading,
  value,
  onChange,
}: {
  tree: DeptNode[];
  loading: boolean;
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const data = useMemo(() => {
    const keep = (nodes: DeptNode[]): DeptNode[] =>
      nodes.flatMap((n) => {
        const children = keep(n.children ?? []);
        return !filter || n.name.includes(filter) || children.length ? [{ ...n, children }] : [];
      });
    return toTreeData(keep(tree));
  }, [tree, filter]);
  return (
    <Card size="small" className="gk-dept-panel" style={{ width: 220, flex: '0 0 220px' }} loading={loading}>
      <Input.Search
        allowClear
        placeholder={t('dept.search')}
        onChange={(e) => setFilter(e.target.value.trim())}
        style={{ marginBottom: 8 }}
      />
      <Button
        type={value == null ? 'primary' : 'text'}
        size="small"
        block
        style={{ textAlign: 'left', marginBottom: 4 }}
        onClick={() => onChange(null)}
      >
        {t('dept.all')}
      </Button>
      {data.length ? (
        <Tree
          key={filter ? `f-${filter}` : 'all'}
          treeData={data}
          defaultExpandAll
          blockNode
          selectedKeys={value == null ? [] : [value]}
          onSelect={(keys) => onChange(keys.length ? Number(keys[0]) : null)}
        />
      ) : null}
    </Card>
  );
}

/** 重置密码: the administrator types the new password (same rules); the holder must change it at next login. */
function ResetPassword({ user, onClose }: { user: { id: number; userName: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const submit = async () => {
    let password: string;
    try {
      ({ password } = await form.validateFields());
    } catch {
      // the form shows what is wrong under each field
      return;
    }
    try {
      const reply = await withLoading(post(userInfoEndpoints.resetPassword.path, { id: user.id, password }));
      message.success(reply.msg);
      onClose();
    } catch {
      // the request layer told the user why
    }
  };
  return (
    <Modal
      open
      title={`${t('userInfo.resetPassword')}：${user.userName}`}
      onOk={submit}
      onCancel={onClose}
      okText={t('ui.save')}
      cancelText={t('ui.cancel')}
    >
      <Form form={form} layout="vertical">
        <NewPasswordItem name="password" label={t('userInfo.f.password')} />
        <Form.Item
          name="confirm"
          label={t('userInfo.passwordConfirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('userInfo.passwordConfirm') },
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('userInfo.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" onPressEnter={submit} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function UserInfoList() {
  const { t } = useTranslation();
  const [resetting, setResetting] = useState<{ id: number; userName: string } | null>(null);
  const rowLock = useCallback(
    (row: Row) => {
      const access = row as Row & UserInfoAccess;
      return access.mayTouch === false ? t(access.touchRefusal ?? 'userInfo.notCovered', { name: String(row.userName) }) : null;
    },
    [t],
  );
  const rowActions: RowAction[] = [
    { key: 'showPassword', label: 'userInfo.showPassword', endpoint: userInfoEndpoints.showPassword },
    {
      key: 'resetPassword',
      label: 'userInfo.resetPassword',
      permission: userInfoEndpoints.resetPassword.path,
      onClick: (row) => setResetting({ id: Number(row.id), userName: String(row.userName) }),
    },
    // only on accounts locked now (the 已锁定 tag), as on 登录日志
    { key: 'unlock', label: 'userInfo.unlock', endpoint: userInfoEndpoints.unlock, shown: (row) => row.locked === true },
  ];
  const [deptId, setDeptId] = useState<number | null>(null);
  const { tree, loading } = useDeptTree(userInfoEndpoints.deptTree.path);
  // a new account starts in the department chosen on the left, else the head office
  const dialogConfig = useMemo(() => dialog(deptId ?? tree[0]?.id ?? null), [deptId, tree]);
  return (
    <>
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <DeptPanel tree={tree} loading={loading} value={deptId} onChange={setDeptId} />
        <div style={{ flex: '1 1 600px', minWidth: 0 }}>
          <ListPage
            resource={userInfoResource}
            search={search}
            dialog={dialogConfig}
            rowActions={rowActions}
            rowLock={rowLock}
            columns={columns}
            toggles={toggles}
            baseQuery={deptId ? { deptId } : undefined}
          />
        </div>
      </div>
      {resetting ? <ResetPassword user={resetting} onClose={() => setResetting(null)} /> : null}
    </>
  );
}

export const preload = listPreload({ resource: userInfoResource, search });
