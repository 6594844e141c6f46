import type { ResourceDef } from '@gk/contracts';
import { App, Form, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecord, useSave } from '../api/queries';
import { type FormFieldConfig, FormFields } from './form/FormFields';
import { ImageSlotsProvider, useImageSlots } from './image/imageSlots';

/**
 * The small resources edited in a dialog (news types, application types, page definitions, links, users):
 * title 新增 / 编辑, Save / Cancel, the contracts' rules and messages; images upload before the save.
 */
export interface DialogFormConfig {
  /** the fields, or the fields for a record (null: a new one), e.g. a password required only when creating */
  fields: FormFieldConfig[] | ((record: Record<string, unknown> | null) => FormFieldConfig[]);
  /** dialog width (default 560) */
  width?: number;
  /** values of a new record */
  defaults?: Record<string, unknown>;
  /** an upload failure's fixed message key (default: the reply's message) */
  uploadErrorMessage?: string;
  /** after a save, with the saved record the reply carries (a webhook's new secret is shown once from it) */
  afterSave?: (saved: Record<string, unknown> | undefined) => void;
}

export interface DialogFormProps {
  resource: ResourceDef;
  config: DialogFormConfig;
  /** null: a new record */
  record: Record<string, unknown> | null;
  onClose: () => void;
  onSaved: (saved: Record<string, unknown> | undefined) => void;
}

export function DialogForm({ resource, config, record, onClose, onSaved }: DialogFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const slots = useImageSlots({ uploadErrorMessage: config.uploadErrorMessage });
  const id = record?.id as number | string | undefined;
  const fields = typeof config.fields === 'function' ? config.fields(record) : config.fields;
  const saveMutation = useSave(resource);

  // a record with a get endpoint is read fresh; otherwise the list row is the record
  const stored = useRecord(resource, id ?? null, { enabled: id != null });
  const data = stored.data;
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const loading = stored.isFetching;

  const save = async () => {
    if (!resource.endpoints.save) return;
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const withImages = await slots.uploadPending({ ...form.getFieldsValue(true), ...values });
      const body = id != null ? { ...withImages, id } : withImages;
      const reply = await saveMutation.mutateAsync(body);
      message.success(reply.msg || t('common.saved'));
      await slots.afterSave();
      config.afterSave?.(reply.data);
      onSaved(reply.data);
    } catch {
      // the upload or the request layer told the user; the dialog stays open to fix and retry
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={record ? t('ui.edit') : t('ui.add')}
      okText={t('ui.save')}
      cancelText={t('ui.cancel')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      width={config.width ?? 560}
      destroyOnHidden
      maskClosable={false}
    >
      <Spin spinning={loading}>
        <ImageSlotsProvider value={slots}>
          <Form
            form={form}
            layout="horizontal"
            labelCol={{ flex: '110px' }}
            labelWrap
            initialValues={record ?? config.defaults}
            onFinish={save}
            className="gk-dialog-form"
            name={`dialog-${resource.name}`}
          >
            <FormFields resource={resource} fields={fields} />
            {/* Enter in a field saves */}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Form>
        </ImageSlotsProvider>
      </Spin>
    </Modal>
  );
}
