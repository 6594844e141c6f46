import { stripChinese } from '@gk/contracts';
import { Form, Input } from 'antd';
import { rules } from './validators';

/**
 * A new password's form item (重置密码, 修改密码): Chinese characters dropped as they are typed, and the
 * contracts' rule (required, 8 to 30 letters, digits or underscores) that the server applies too.
 */
export function NewPasswordItem({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} normalize={(v: string) => stripChinese(v ?? '')} rules={[rules.newPassword()]}>
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
