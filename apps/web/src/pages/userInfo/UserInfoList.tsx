import { stripChinese, USER_NAME_MAX, userInfoEndpoints, userInfoResource } from '@gk/contracts';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import type { DialogFormConfig } from '../../components/DialogForm';
import type { FormFieldConfig } from '../../components/form/FormFields';
import { NewPasswordItem } from '../../components/form/NewPasswordItem';
import { ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';
import { listPreload } from '../../components/list/useListController';
import { useSession } from '../../stores/session';
import { RoleMultiSelect } from './RoleMultiSelect';

/**
 * /userInfo/userInfo-list (admin only): users, searched by name, enabled flag and creation date; added and
 * edited in a dialog. The password drops Chinese characters as it is typed; on edit an empty one keeps the
 * old password. 查看密码 shows the server's answer (it never reveals a password). The role picker offers only the
 * roles the signed-in user may assign (issue 21).
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

const dialog: DialogFormConfig = {
  fields: (record) => {
    const password: FormFieldConfig = { name: 'password', widget: 'password', normalize: stripChinese };
    return [
      { name: 'userName', maxLength: USER_NAME_MAX },
      // required on create only (the schema's rule); the counter would hide 密码不得超过30位, so none
      record ? { ...password, placeholder: 'userInfo.passwordKeep' } : { ...password, required: true },
      { name: 'enableFlag', required: true },
      {
        name: 'roleIds',
        label: 'userInfo.f.roleIds',
        // nobody changes their own roles (the server refuses it too)
        render: () => <RoleMultiSelect disabled={!!record && Number(record.id) === useSession.getState().user?.id} />,
      },
    ];
  },
  defaults: { enableFlag: 1 },
};

/** 重置密码: the administrator types the new password (same rules); the holder must change it at next login. */
function ResetPassword({ user, onClose }: { user: { id: number; userName: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const submit = async () => {
    const { password } = await form.validateFields();
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
      </Form>
    </Modal>
  );
}

export default function UserInfoList() {
  const [resetting, setResetting] = useState<{ id: number; userName: string } | null>(null);
  const rowActions: RowAction[] = [
    { key: 'showPassword', label: 'userInfo.showPassword', endpoint: userInfoEndpoints.showPassword },
    {
      key: 'resetPassword',
      label: 'userInfo.resetPassword',
      permission: userInfoEndpoints.resetPassword.path,
      onClick: (row) => setResetting({ id: Number(row.id), userName: String(row.userName) }),
    },
    { key: 'unlock', label: 'userInfo.unlock', endpoint: userInfoEndpoints.unlock },
  ];
  return (
    <>
      <ListPage resource={userInfoResource} search={search} dialog={dialog} rowActions={rowActions} />
      {resetting ? <ResetPassword user={resetting} onClose={() => setResetting(null)} /> : null}
    </>
  );
}

export const preload = listPreload({ resource: userInfoResource, search });
