import { type Profile as ProfileData, profileEndpoints, type Reply } from '@gk/contracts';
import { Button, Card, Descriptions, Form, Input, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withLoading } from '../../api/loading';
import { post } from '../../api/request';
import { ImageSlot } from '../../components/image/ImageSlot';
import { ImageSlotsProvider, useImageSlots } from '../../components/image/imageSlots';
import { useFeedback } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { reloadSessionInfo } from '../../lib/sessionInfo';
import { useUnsavedChanges } from '../../lib/unsaved';

/**
 * 个人中心 (/user/profile): own name and avatar (one image, the same image slot as every other form: chosen,
 * previewed, uploaded on 保存), roles and the latest sign-ins. Leaving with unsaved edits asks first.
 */
export default function Profile() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [data, setData] = useState<ProfileData | null>(null);
  const [form] = Form.useForm();
  const slots = useImageSlots();
  const [edited, setEdited] = useState(false);
  const dirtyNow = useRef(false);
  const dirty = edited || slots.hasPending;
  dirtyNow.current = dirty;
  useUnsavedChanges(dirty, dirtyNow);

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
      const uploaded = await withLoading(slots.uploadPending(values));
      form.setFieldsValue(uploaded);
      const reply = await withLoading(post(profileEndpoints.update.path, uploaded));
      dirtyNow.current = false;
      setEdited(false);
      slots.reset();
      message.success(reply.msg);
      await Promise.all([load(), reloadSessionInfo(), slots.afterSave()]);
    } catch {
      // shown by the request layer (an upload failure by the image slot); the edits stay to retry
    }
  };

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
        <ImageSlotsProvider value={slots}>
          <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onValuesChange={() => setEdited(true)}>
            <Form.Item
              name="name"
              label={t('profile.f.name')}
              rules={[{ required: true, whitespace: true, message: t('profile.nameRequired') }]}
            >
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="avatar" label={t('profile.f.avatar')}>
              <ImageSlot field="avatar" label={t('profile.f.avatar')} />
            </Form.Item>
            <Button type="primary" onClick={save}>
              {t('ui.save')}
            </Button>
          </Form>
        </ImageSlotsProvider>
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
