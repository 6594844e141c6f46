import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import type { Reply, ResourceDef } from '@gk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Collapse, Form, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, useNavigate, useSearchParams } from 'react-router';
import { withLoading } from '../api/loading';
import { post } from '../api/request';
import { type FormFieldConfig, FormFields } from './form/FormFields';
import { ImageSlotsProvider, useImageSlots } from './image/imageSlots';
import { invalidateList } from './list/listCache';
import './components.css';

/**
 * A record's own screen (SPEC points 2 and 4): no `id` in the query = a new record, an id = the record is
 * loaded on entry. Collapsible sections, all open. Saving uploads the chosen images first; after creating,
 * the list opens; after updating, the record is reloaded and the page stays. Cancel returns to the list.
 * Leaving with unsaved changes asks first (in-app navigation and closing the tab).
 * A single-record resource (`single`: the company profile) has no list: its record is read without an id,
 * saving always reloads it and stays, and cancel puts the stored values back.
 */
export interface DetailSection {
  key: string;
  /** message key of the section title */
  title: string;
  fields: FormFieldConfig[];
  /** 2 columns (default) or 1 */
  columns?: 1 | 2;
}

export interface DetailPageProps {
  resource: ResourceDef;
  sections: DetailSection[];
  /** where cancel and a successful create go (none for a single record) */
  listRoute?: string;
  /** one record without a list: get takes no id, save reloads and stays, cancel discards the changes */
  single?: boolean;
  /** values of a new record */
  defaults?: Record<string, unknown>;
  /** an upload failure's fixed message key (contacts: 'upload.failed'); default: the reply's message */
  uploadErrorMessage?: string;
}

type Values = Record<string, unknown>;

const norm = (v: unknown) => (v === undefined || v === null || v === '' ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The body of an update: the values with the record's id (a single record not yet stored has none). */
const withId = (values: Values, id: unknown): Values => (id == null || id === '' ? values : { ...values, id });

/** Whether the form's fields differ from the snapshot (empty, null and missing count as the same). */
export function changed(fields: string[], snapshot: Values, current: Values): boolean {
  return fields.some((f) => norm(snapshot[f]) !== norm(current[f]));
}

/** Asks before in-app navigation leaves this page while it has unsaved changes. Mounted only while dirty. */
function LeaveGuard({ path, dirty }: { path: string; dirty: React.RefObject<boolean> }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !!dirty.current &&
      currentLocation.pathname === path &&
      (nextLocation.pathname !== currentLocation.pathname || nextLocation.search !== currentLocation.search),
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('ui.detail.leaveTitle'),
      content: t('ui.detail.leaveContent'),
      okText: t('ui.detail.leave'),
      cancelText: t('ui.detail.stay'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed?.(),
      onCancel: () => blocker.reset?.(),
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [blocker, modal, t]);
  return null;
}

export function DetailPage({ resource, sections, listRoute, single = false, defaults, uploadErrorMessage }: DetailPageProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = single ? null : params.get('id') || null;
  const [form] = Form.useForm();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [missing, setMissing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const snapshot = useRef<Values>({});
  const loaded = useRef<Values | null>(null);

  const names = useMemo(() => sections.flatMap((s) => s.fields.map((f) => f.name)), [sections]);
  const savePath = resource.endpoints.save?.path;
  const getPath = resource.endpoints.get?.path;

  const markDirty = useCallback((v: boolean) => {
    dirtyRef.current = v;
    setDirty(v);
  }, []);

  const save = useCallback(
    async (body: Values) => {
      if (!savePath) throw new Error(`${resource.name} has no save endpoint`);
      const reply = await withLoading(post<Reply<Values>>(savePath, body));
      message.success(reply.msg || t('common.saved'));
      void invalidateList(client, resource);
      return reply;
    },
    [savePath, resource, message, t, client],
  );

  const slots = useImageSlots({
    uploadErrorMessage,
    // a stored image was deleted and its field blanked: save the stored record with that field blank
    onStoredRemoved: async (field) => {
      if (!loaded.current || (id == null && !single)) return;
      const body = withId({ ...loaded.current, [field]: '' }, loaded.current.id ?? id);
      await save(body);
      loaded.current = { ...loaded.current, [field]: '' };
      snapshot.current = { ...snapshot.current, [field]: '' };
      markDirty(changed(names, snapshot.current, form.getFieldsValue(true)));
    },
  });
  const { hasPending, reset: resetSlots } = slots;

  const load = useCallback(
    async (recordId: string | null) => {
      if (!getPath) return;
      setLoading(true);
      setMissing(false);
      try {
        // a bare-entity reply (business types) has no envelope: its own `code` field is no reply code
        const entity = resource.getReply === 'entity';
        const reply = await post<Reply<Values>>(getPath, undefined, recordId == null ? { entity } : { params: { id: recordId }, entity });
        const data = (entity ? (reply as unknown as Values) : reply.data) ?? null;
        if (!data) throw new Error('no record in the reply');
        loaded.current = data;
        // values and errors replaced in place: resetting the form would remount its controls (and lose a
        // file being chosen or a field being typed in while the record loads)
        form.setFields(names.map((name) => ({ name, value: data[name] ?? defaults?.[name], errors: [] })));
        form.setFieldsValue(data);
        snapshot.current = form.getFieldsValue(true);
        markDirty(false);
      } catch {
        setMissing(true);
      } finally {
        setLoading(false);
      }
    },
    [getPath, resource.getReply, form, markDirty, names, defaults],
  );

  // the record of the query's id, or a blank form for a new one
  useEffect(() => {
    resetSlots();
    if (id || single) void load(id);
    else {
      loaded.current = null;
      setMissing(false);
      form.resetFields();
      snapshot.current = form.getFieldsValue(true);
      markDirty(false);
    }
  }, [id, single, load, form, resetSlots, markDirty]);

  // pending images are unsaved changes too
  useEffect(() => {
    markDirty(hasPending || changed(names, snapshot.current, form.getFieldsValue(true)));
  }, [hasPending, names, form, markDirty]);

  // closing or reloading the tab asks too
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const onSave = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      form.scrollToField?.(form.getFieldsError().find((f) => f.errors.length)?.name ?? [], { behavior: 'smooth', block: 'center' });
      return;
    }
    setSaving(true);
    try {
      const all = await slots.uploadPending({ ...form.getFieldsValue(true), ...values });
      const body = id || single ? withId(all, loaded.current?.id ?? id) : all;
      await save(body);
      if (!id && !single) {
        // a new record: back to the list, with a clean form for the next one
        markDirty(false);
        form.resetFields();
        snapshot.current = form.getFieldsValue(true);
        if (listRoute) navigate(listRoute);
      } else {
        await load(id);
      }
    } catch {
      // the upload or the request layer told the user why; the form keeps the input
    } finally {
      setSaving(false);
    }
  };

  /** cancel: back to the list, or (a single record) the stored values back */
  const onCancel = () => {
    if (listRoute) {
      navigate(listRoute);
      return;
    }
    resetSlots();
    const stored = loaded.current ?? {};
    form.setFields(names.map((name) => ({ name, value: stored[name] ?? defaults?.[name], errors: [] })));
    snapshot.current = form.getFieldsValue(true);
    markDirty(false);
  };

  const title = single ? t(resource.label) : t(id ? 'ui.detail.editTitle' : 'ui.detail.newTitle', { entity: t(resource.label) });

  if (missing) {
    return (
      <Card variant="borderless" className="gk-detail">
        <Result
          status="404"
          title={t('err.recordNotFound')}
          subTitle={t('ui.detail.missingHint')}
          extra={
            <Space>
              <Button onClick={() => (id || single) && load(id)}>{t('ui.retry')}</Button>
              {listRoute && (
                <Button type="primary" onClick={() => navigate(listRoute)}>
                  {t('ui.detail.backToList')}
                </Button>
              )}
            </Space>
          }
        />
      </Card>
    );
  }

  return (
    <div className="gk-detail" data-resource={resource.name}>
      {dirty && <LeaveGuard path={location.pathname} dirty={dirtyRef} />}
      <div className="gk-detail-head">
        <Space align="center">
          {listRoute && (
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('ui.detail.backToList')} onClick={() => navigate(listRoute)} />
          )}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {dirty && <span className="gk-detail-dirty">{t('ui.detail.unsaved')}</span>}
        </Space>
      </div>
      <Spin spinning={loading}>
        <ImageSlotsProvider value={slots}>
          <Form
            form={form}
            layout="vertical"
            initialValues={defaults}
            onValuesChange={() => markDirty(hasPending || changed(names, snapshot.current, form.getFieldsValue(true)))}
            name={`detail-${resource.name}`}
            scrollToFirstError
            requiredMark
          >
            <Collapse
              className="gk-detail-sections"
              defaultActiveKey={sections.map((s) => s.key)}
              items={sections.map((s) => ({
                key: s.key,
                label: t(s.title),
                forceRender: true,
                children: <FormFields resource={resource} fields={s.fields} columns={s.columns ?? 2} />,
              }))}
            />
          </Form>
        </ImageSlotsProvider>
      </Spin>
      <div className="gk-detail-actions">
        <Space>
          <Button onClick={onCancel} disabled={!listRoute && !dirty}>
            {listRoute ? t('ui.cancel') : t('ui.detail.discard')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={loading || !savePath} onClick={onSave}>
            {t('ui.save')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
