import { PASSWORD_MAX, PASSWORD_MIN, stripChinese } from '@gk/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from '../../lib/i18n';
import { rules } from './validators';

/**
 * A new password's form item (重置密码, 修改密码): Chinese characters dropped as they are typed, and the
 * contracts' rule (required, 8 to 30 letters, digits or underscores) that the server applies too; the
 * required mark and the rule shown under the field before anything is typed.
 */
export function NewPasswordItem({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      required
      extra={t('ui.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      normalize={(v: string) => stripChinese(v ?? '')}
      rules={[rules.newPassword()]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
