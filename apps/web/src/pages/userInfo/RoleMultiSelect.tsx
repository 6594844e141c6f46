import { type Reply, roleEndpoints } from '@gk/contracts';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/request';

type Option = { id: number; code: string; name: string; enableFlag: number };

/**
 * The user dialog's 角色 control: every role (a disabled one marked), several at once; the dialog reads the
 * account's `roleIds` through /userInfo/getUserInfo.
 */
export function RoleMultiSelect({ value, onChange, id }: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    post<Reply<unknown> & { rows?: Option[] }>(roleEndpoints.options.path)
      .then((r) => setOptions(r.rows ?? []))
      .catch(() => undefined);
  }, []);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      placeholder={t('ui.select.placeholder')}
      optionFilterProp="label"
      options={options.map((o) => ({ value: o.id, label: o.enableFlag === 1 ? o.name : `${o.name}（${t('role.disabledTag')}）` }))}
    />
  );
}
