import { stripChinese, USER_NAME_MAX, userInfoEndpoints, userInfoResource } from '@gk/contracts';
import type { DialogFormConfig } from '../../components/DialogForm';
import type { FormFieldConfig } from '../../components/form/FormFields';
import { ListPage, type RowAction } from '../../components/list/ListPage';
import type { SearchFieldConfig } from '../../components/list/SearchForm';

/**
 * /userInfo/userInfo-list (admin only): users, searched by name, enabled flag and creation date; added and
 * edited in a dialog. The password drops Chinese characters as it is typed; on edit an empty one keeps the
 * old password. 查看密码 shows the server's answer (it never reveals a password).
 */
const search: SearchFieldConfig[] = [
  { name: 'userName' },
  { name: 'enableFlag', widget: 'flag' },
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
    ];
  },
  defaults: { enableFlag: 1 },
};

const rowActions: RowAction[] = [{ key: 'showPassword', label: 'userInfo.showPassword', endpoint: userInfoEndpoints.showPassword }];

export default function UserInfoList() {
  return <ListPage resource={userInfoResource} search={search} dialog={dialog} rowActions={rowActions} />;
}
