import { type Reply, type RoleOption, userInfoEndpoints } from '@gk/contracts';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { post } from '../../api/request';
import { useTranslation } from '../../lib/i18n';

/**
 * The user dialog's 角色 control: the roles the signed-in user may assign (their grants cover the role's, issue 21;
 * an administrator: every role), a disabled one marked, several at once. A role the account already holds that the
 * user may not assign is shown but cannot be removed; no other is offered. The dialog reads the account's `roleIds`
 * through /userInfo/getUserInfo. `disabled`: the own account, whose roles nobody changes.
 */
export function RoleMultiSelect({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<RoleOption[]>([]);
  useEffect(() => {
    post<Reply<unknown> & { rows?: RoleOption[] }>(userInfoEndpoints.roles.path)
      .then((r) => setOptions(r.rows ?? []))
      .catch(() => undefined);
  }, []);
  const held = new Set(value ?? []);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear={!disabled}
      disabled={disabled}
      value={value}
      onChange={onChange}
      placeholder={t('ui.select.placeholder')}
      optionFilterProp="label"
      options={options
        .filter((o) => o.grantable || held.has(o.id))
        .map((o) => ({
          value: o.id,
          label: o.enableFlag === 1 ? o.name : `${o.name}（${t('role.disabledTag')}）`,
          disabled: !o.grantable,
        }))}
    />
  );
}
