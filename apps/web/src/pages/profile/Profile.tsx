import { type Profile as ProfileData, profileEndpoints, type Reply } from '@gk/contracts';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withLoading } from '../../api/loading';
import { uploadImage } from '../../api/queries';
import { imageUrl, post } from '../../api/request';
import { reloadSessionInfo } from '../../lib/sessionInfo';

/** 个人中心 (/user/profile): own name and avatar (one image), roles and the latest sign-ins. */
export default function Profile() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [data, setData] = useState<ProfileData | null>(null);
  const [form] = Form.useForm();

  const load = useCallback(async () => {
    try {
      const r = await post<Reply<ProfileData>>(profileEndpoints.get.path);
      setData(r.data ?? null);
      form.setFieldsValue({ name: r.data?.name, avatar: r.data?.avatar });
    } catch {
      // shown by the request layer
    }
  }, [form]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    let values: { name: string; avatar: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const reply = await withLoading(post(profileEndpoints.update.path, values));
      message.success(reply.msg);
      await Promise.all([load(), reloadSessionInfo()]);
    } catch {
      // shown by the request layer
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      form.setFieldValue('avatar', await withLoading(uploadImage(file, {})));
    } catch {
      // shown by the request layer
    }
  };

  const avatar = Form.useWatch('avatar', form) as string | undefined;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('profile.title')}>
        {data ? (
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('userInfo.f.userName')}>{data.userName}</Descriptions.Item>
            <Descriptions.Item label={t('userInfo.f.roleNames')}>
              {data.roles.map((r) => (
                <Tag key={r.code}>{r.name}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('common.f.createTime')}>{data.createTime}</Descriptions.Item>
          </Descriptions>
        ) : null}
        <Form form={form} layout="vertical" style={{ maxWidth: 480 }}>
          <Form.Item
            name="name"
            label={t('profile.f.name')}
            rules={[{ required: true, whitespace: true, message: t('profile.nameRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="avatar" hidden>
            <Input />
          </Form.Item>
          <Form.Item label={t('profile.f.avatar')}>
            <Space>
              <Avatar size={64} src={avatar ? imageUrl(avatar) : undefined}>
                {data?.name?.slice(0, 1)}
              </Avatar>
              <input type="file" accept="image/*" aria-label={t('profile.f.avatar')} onChange={(e) => onFile(e.target.files?.[0])} />
              {avatar ? <Button onClick={() => form.setFieldValue('avatar', '')}>{t('ui.delete')}</Button> : null}
            </Space>
          </Form.Item>
          <Button type="primary" onClick={save}>
            {t('ui.save')}
          </Button>
        </Form>
      </Card>
      <Card title={t('profile.lastLogins')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data?.lastLogins ?? []}
          columns={[
            { title: t('profile.f.time'), dataIndex: 'time', width: 200 },
            { title: t('profile.f.ip'), dataIndex: 'ip', width: 180 },
            { title: t('monitor.f.browser'), dataIndex: 'browser', width: 160 },
            { title: t('monitor.f.os'), dataIndex: 'os', width: 160 },
            {
              title: t('monitor.f.status'),
              dataIndex: 'status',
              render: (v: number, r) => (v === 1 ? t('monitor.status.1') : `${t('monitor.status.0')}: ${r.reason}`),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
