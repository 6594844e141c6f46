import type { ListResource } from '@gk/contracts/list';
import { Form, Modal, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRecord, useSave } from '../api/queries';
import { useFeedback } from '../lib/feedback';
import { useTranslation } from '../lib/i18n';
import { askDiscard } from '../lib/unsaved';
import { type FormFieldConfig, FormFields } from './form/FormFields';
import { ImageSlotsProvider, useImageSlots } from './image/imageSlots';
import { fullResource } from './resource/fullResource';
import { LocaleBar } from './translation/LocaleBar';
import { copyFill, stripped, touchedTranslations, useLocaleForm } from './translation/localeForm';
import { nestDotted } from './translation/locales';
import { LocaleViewContext } from './translation/localeView';

/**
 * The small resources edited in a dialog (news types, application types, page definitions, links, users):
 * title 新增 / 编辑, Save / Cancel, the contracts' rules and messages; images upload before the save.
 * A translatable resource (issue 24: links, application types; with more than one content locale) gets the detail
 * page's locale switcher: on a translation the translatable fields edit `translations[locale]` (the list row, or the
 * get's reply, carries them), the others are read-only; 保存 sends `translations` of the locales edited only.
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
  /** a list's plain description will do: its whole one is read here (`fullResource`) */
  resource: ListResource;
  config: DialogFormConfig;
  /** null: a new record */
  record: Record<string, unknown> | null;
  onClose: () => void;
  onSaved: (saved: Record<string, unknown> | undefined) => void;
}

type Values = Record<string, unknown>;

export function DialogForm({ resource: listResource, config, record, onClose, onSaved }: DialogFormProps) {
  const resource = fullResource(listResource);
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const slots = useImageSlots({ uploadErrorMessage: config.uploadErrorMessage });
  const id = record?.id as number | string | undefined;
  const fields = typeof config.fields === 'function' ? config.fields(record) : config.fields;
  const saveMutation = useSave(resource);
  const localeForm = useLocaleForm(resource);
  const { locales, translated, active, chooseLocale, view } = localeForm;
  /** the values the record came with (the row, then the get's reply): a translation differing from them was edited */
  const snapshot = useRef<Values>({});

  // a record with a get endpoint is read fresh; otherwise the list row is the record
  const stored = useRecord(resource, id ?? null, { enabled: id != null });
  const data = stored.data;
  useEffect(() => {
    snapshot.current = form.getFieldsValue(true);
  }, [form]);
  useEffect(() => {
    if (!data) return;
    form.setFieldsValue(data);
    snapshot.current = form.getFieldsValue(true);
  }, [data, form]);
  const loading = stored.isFetching;

  /**
   * The save body's values. A translatable record's: the form's whole store (a translation's values are nested:
   * the validated ones alone would drop those of its fields not on screen), without what the row says of its
   * translations, with `translations` of each locale edited since the record came.
   */
  const bodyValues = (withImages: Values): Values => {
    if (!resource.translatable) return withImages;
    const all = nestDotted(withImages);
    const translations = translated ? touchedTranslations(resource, localeForm, snapshot.current, all) : null;
    return translations ? { ...stripped(all), translations } : stripped(all);
  };

  /** 复制中文内容: the default locale's values into this locale's empty translatable fields */
  const copyDefault = () => {
    const fill = copyFill(resource, form.getFieldsValue(true) as Values, active);
    if (!fill.length) {
      message.info(t('locale.nothingToCopy'));
      return;
    }
    form.setFields(fill.map(({ name, value }) => ({ name, value, errors: [] })));
    message.success(t('locale.copied', { count: fill.length }));
  };

  /** a refused field of another locale: switch to it (a translation's own, or a shared one on the default locale) */
  const revealFirstError = () => {
    const first = form.getFieldsError().find((f) => f.errors.length)?.name;
    if (!translated || !first) return;
    const l = first[0] === 'translations' ? String(first[1]) : locales.default;
    if (l !== active) chooseLocale(l);
  };

  const save = async () => {
    if (!resource.endpoints.save) return;
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      revealFirstError();
      return;
    }
    setSaving(true);
    try {
      const all = resource.translatable ? form.getFieldsValue(true) : { ...form.getFieldsValue(true), ...values };
      const withImages = bodyValues(await slots.uploadPending(all));
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

  /** 取消, ×, Esc: edits typed are not dropped without asking */
  const cancel = async () => {
    if (!saving && form.isFieldsTouched() && !(await askDiscard())) return;
    onClose();
  };

  return (
    <Modal
      open
      title={record ? t('ui.edit') : t('ui.add')}
      okText={t('ui.save')}
      cancelText={t('ui.cancel')}
      onOk={save}
      onCancel={cancel}
      confirmLoading={saving}
      width={config.width ?? 560}
      destroyOnHidden
      maskClosable={false}
    >
      {translated && (
        <LocaleBar
          className="gk-dialog-locale"
          locales={locales}
          active={active}
          onChange={chooseLocale}
          record={data ?? record}
          label={view.label}
          onCopy={copyDefault}
          disabled={loading}
        />
      )}
      <Spin spinning={loading}>
        <ImageSlotsProvider value={slots}>
          <LocaleViewContext.Provider value={translated ? view : null}>
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
          </LocaleViewContext.Provider>
        </ImageSlotsProvider>
      </Spin>
    </Modal>
  );
}
