import { profileEndpoints } from '@gk/contracts';
import { Button, Card, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { NewPasswordItem } from '../../components/form/NewPasswordItem';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { reloadSessionInfo } from '../../lib/sessionInfo';
import { useUnsavedChanges } from '../../lib/unsaved';
import { useSession } from '../../stores/session';

/**
 * 修改密码 (/user/password): the current password, a new one under the account rules and its confirmation.
 * A success ends the account's other sessions; after an administrator's reset this is the only screen
 * that works until the password is changed.
 */
export default function ChangePassword() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const mustChange = useSession((s) => !!s.user?.mustChangePwd);
  const [form] = Form.useForm();
  const [edited, setEdited] = useState(false);
  const dirtyNow = useRef(false);
  dirtyNow.current = edited;
  useUnsavedChanges(edited, dirtyNow);

  const submit = async () => {
    let values: { oldPassword: string; newPassword: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const reply = await withLoading(
        post(profileEndpoints.password.path, { oldPassword: values.oldPassword, newPassword: values.newPassword }),
      );
      dirtyNow.current = false;
      setEdited(false);
      message.success(reply.msg);
      form.resetFields();
      await reloadSessionInfo();
      if (mustChange) navigate('/dashboard/home');
    } catch {
      // the request layer told the user why
    }
  };

  return (
    <Card title={t('profile.changePassword')} style={{ maxWidth: 560 }}>
      {mustChange ? <p data-testid="must-change">{t('profile.mustChange')}</p> : null}
      {/* Enter in any field submits */}
      <Form form={form} layout="vertical" onFinish={submit} onValuesChange={() => setEdited(true)}>
        <Form.Item
          name="oldPassword"
          label={t('profile.f.oldPassword')}
          rules={[{ required: true, message: t('profile.oldPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordItem name="newPassword" label={t('profile.f.newPassword')} />
        <Form.Item
          name="confirmPassword"
          label={t('profile.f.confirmPassword')}
          required
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: string) => {
                if (!v) throw new Error(t('userInfo.passwordRequired'));
                if (v !== getFieldValue('newPassword')) throw new Error(t('profile.confirmMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('ui.save')}
        </Button>
      </Form>
    </Card>
  );
}
