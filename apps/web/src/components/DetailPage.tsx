import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import type { ContentHit } from '@gk/contracts';
import { hasSeo, isContentChecked, localeFields, SEO_FIELDS } from '@gk/contracts/form';
import { Button, Card, Collapse, Form, type FormInstance, Space, Spin, Tooltip, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useRecord, useSave } from '../api/queries';
import { useFeedback } from '../lib/feedback';
import { useTranslation } from '../lib/i18n';
import { usePermission } from '../lib/Permission';
import { useUnsavedChanges } from '../lib/unsaved';
import { ContentHitsContext } from './contentHits';
import { type FormFieldConfig, FormFields, LocaleTag } from './form/FormFields';
import { type FormResourceLike, loadSaveSchema } from './form/saveSchema';
import { ImageSlotsProvider, useImageSlots } from './image/imageSlots';
import { listHref } from './list/listUrl';
import { LocaleBar } from './translation/LocaleBar';
import { changed, copyFill, stripped, touchedTranslations, useLocaleForm } from './translation/localeForm';
import { type FieldPath, getPath, nestDotted, setPath } from './translation/locales';
import { LocaleViewContext } from './translation/localeView';
import './components.css';

// the 404 state (its result illustration) loads only when a record is missing
const DetailMissing = lazy(() => import('./DetailMissing'));
// the SEO fields and the search-result preview load when their section is opened (it starts closed)
const ContentCheckPanel = lazy(() => import('./ContentCheckPanel'));
const SeoSection = lazy(() => import('./translation/SeoSection').then((m) => ({ default: m.SeoSection })));

/**
 * A record's own screen (SPEC points 2 and 4): no `id` in the query = a new record, an id = the record is
 * loaded on entry. Collapsible sections, all open. Saving uploads the chosen images first; after creating,
 * the list opens; after updating, the record is reloaded and the page stays. Cancel returns to the list.
 * Leaving with unsaved changes asks first (in-app navigation and closing the tab).
 * A single-record resource (`single`: the company profile) has no list: its record is read without an id,
 * saving always reloads it and stays, and cancel puts the stored values back.
 * The record and the save come from the data layer (`useRecord`, `useSave`). Later capabilities add their
 * controls through `toolbar` (the header's right side) and `extraActions` (beside 取消 / 保存).
 * A translatable resource (issue 24, with more than one content locale) gets a locale switcher: on a translation
 * the translatable fields (and the SEO fields) edit `translations[locale]`, the others are read-only; 保存 sends
 * the record with `translations` of every locale whose values changed. With `hasSeo` an SEO section (collapsed)
 * with a search-result preview follows the form's sections.
 * The resource may be a plain description with its save schema's facts (`FormResource` of a `*.contracts.ts` module):
 * the first paint then holds no zod, and the schema the rules validate with loads once the user starts on the form
 * (a pointer, a key or the focus inside the page), or when a rule runs first.
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
  resource: FormResourceLike;
  sections: DetailSection[];
  /** where cancel and a successful create go (none for a single record) */
  listRoute?: string;
  /** one record without a list: get takes no id, save reloads and stays, cancel discards the changes */
  single?: boolean;
  /** values of a new record */
  defaults?: Record<string, unknown>;
  /** an upload failure's fixed message key (contacts: 'upload.failed'); default: the reply's message */
  uploadErrorMessage?: string;
  /** more in the head (历史版本): gets the stored record's id and a reload of the form */
  headExtra?: (record: { id: string | number | null; reload: () => void; dirty: boolean }) => ReactNode;
  /** controls in the header, right side (a publish bar, a revisions button …) */
  toolbar?: ReactNode | ((ctx: DetailContext) => ReactNode);
  /** more buttons beside 取消 / 保存 */
  extraActions?: ReactNode | ((ctx: DetailContext) => ReactNode);
  /** the whole action bar instead of 取消 / 保存 (a publishable resource's publish bar: it saves through `ctx.save`) */
  actions?: (ctx: DetailContext) => ReactNode;
}

type Values = Record<string, unknown>;

/** What the `toolbar` / `extraActions` slots may read and do. */
export interface DetailContext {
  resource: FormResourceLike;
  /** the query's id (null: a new record, or a single record) */
  id: string | null;
  /** the stored record as last loaded (null: a new record or not loaded yet) */
  record: Values | null;
  form: FormInstance;
  dirty: boolean;
  saving: boolean;
  /** saving or loading */
  busy: boolean;
  /** reads the stored record again (over the form's values) */
  reload: () => Promise<unknown>;
  /** reads the stored record again, keeping the form's unsaved edits (下线 changes the state, not the text) */
  refresh: () => Promise<unknown>;
  /** 取消: back to the list (a single record: the stored values back) */
  cancel: () => void;
  /** the account may call the save endpoint */
  maySave: boolean;
  /** the content locale being edited when it is not the default one (a preview shows it), else null */
  locale: string | null;
  /** the form's values (validated), or null when invalid */
  values: () => Promise<Values | null>;
  /** saves like 保存 with `patch` added to the body (保存草稿 / 发布); false when nothing was saved */
  save: (patch?: Values) => Promise<boolean>;
}
/** what extra detail buttons receive (the publish bar) */
export type DetailActionsApi = DetailContext;

const slot = (s: DetailPageProps['toolbar'], ctx: DetailContext) => (typeof s === 'function' ? s(ctx) : s);

/** The body of an update: the values with the record's id (a single record not yet stored has none). */
const withId = (values: Values, id: unknown): Values => (id == null || id === '' ? values : { ...values, id });

export function DetailPage({
  resource,
  sections,
  listRoute,
  single = false,
  defaults,
  uploadErrorMessage,
  toolbar,
  extraActions,
  actions,
  headExtra,
}: DetailPageProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = single ? null : params.get('id') || null;
  const [form] = Form.useForm();
  const root = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  /** the content check's hits of the form as it is (the panel fills them; the editor highlights them) */
  const [contentHits, setContentHits] = useState<ContentHit[]>([]);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const snapshot = useRef<Values>({});
  const loaded = useRef<Values | null>(null);
  /** the next load keeps the fields edited since the last one (`refresh`) */
  const keepEdits = useRef(false);

  // the content locales: the switcher's, and where each locale's values live in the form
  const localeForm = useLocaleForm(resource);
  const { locales, translated, active, chooseLocale, view, localePaths } = localeForm;
  const seo = hasSeo(resource);

  const fieldNames = useMemo(() => sections.flatMap((s) => s.fields.map((f) => f.name)), [sections]);
  /** every value the page edits: the sections' fields, the default locale's SEO fields, each translation's fields */
  const names = useMemo<FieldPath[]>(
    () => [
      ...fieldNames,
      ...(seo ? SEO_FIELDS.filter((f) => !fieldNames.includes(f)) : []),
      ...(translated ? locales.others.flatMap(localePaths) : []),
    ],
    [fieldNames, seo, translated, locales.others, localePaths],
  );
  const [openSections, setOpenSections] = useState<string[]>(() => sections.map((s) => s.key));
  const seoShown = openSections.includes('seo');
  /** a field to show once its locale and section are on screen (a refused save) */
  const [scrollTo, setScrollTo] = useState<FieldPath | null>(null);
  const savePath = resource.endpoints.save?.path;
  const can = usePermission();
  // without the save permission the page still shows the record; 保存 is disabled and says why
  const maySave = !!savePath && can(savePath);
  const record = useRecord(resource, id, { enabled: !!(id || single) });
  const saveMutation = useSave(resource);

  const markDirty = useCallback((v: boolean) => {
    dirtyRef.current = v;
    setDirty(v);
  }, []);

  const save = useCallback(
    async (body: Values) => {
      const reply = await saveMutation.mutateAsync(body);
      message.success(reply.msg || t('common.saved'));
      // the content checks' warnings (a 提示 word, a draft's 禁止 word, a link)
      const hits = (reply.data as { contentHits?: ContentHit[] } | undefined)?.contentHits;
      if (hits?.length) message.warning(`${t('check.ui.saved')}${hits.map((h) => h.msg).join(' · ')}`, 8);
      return reply;
    },
    [saveMutation, message, t],
  );

  const slots = useImageSlots({
    uploadErrorMessage,
    // a stored image's field was blanked: save the stored record with that field blank (before the file goes)
    onStoredRemoved: async (field) => {
      if (!loaded.current || (id == null && !single)) return;
      const path = field.split('.');
      const stored = loaded.current;
      // a translation's image (translations.en.ogImage): that locale's stored values with the image blank
      const body =
        path[0] === 'translations'
          ? {
              ...stripped(stored),
              translations: {
                [path[1]]: setPath(
                  Object.fromEntries(localeFields(resource).map((f) => [f, getPath(stored, ['translations', path[1], f]) ?? ''])),
                  path.slice(2),
                  '',
                ),
              },
            }
          : { ...stripped(stored), [field]: '' };
      await save(withId(body, stored.id ?? id));
      loaded.current = setPath(stored, path, '');
      snapshot.current = setPath(snapshot.current, path, '');
      markDirty(changed(names, snapshot.current, form.getFieldsValue(true)));
    },
  });
  const { hasPending, reset: resetSlots } = slots;

  // the stored record into the form, each time it is (re)loaded
  const data = record.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: applies each load (dataUpdatedAt), not each render
  useEffect(() => {
    if (!data) return;
    // a refresh keeps what was edited since the last load (the fields that differ from its snapshot)
    const current = form.getFieldsValue(true) as Values;
    const edited = keepEdits.current ? names.filter((n) => changed([n], snapshot.current, current)) : [];
    keepEdits.current = false;
    loaded.current = data;
    // values and errors replaced in place: resetting the form would remount its controls (and lose a
    // file being chosen or a field being typed in while the record loads)
    form.setFields(names.map((name) => ({ name: name as string | string[], value: storedValue(data, name), errors: [] })));
    form.setFieldsValue(data);
    snapshot.current = form.getFieldsValue(true);
    if (edited.length) form.setFields(edited.map((n) => ({ name: n as string | string[], value: getPath(current, n) })));
    markDirty(edited.length > 0 || hasPending);
  }, [record.dataUpdatedAt, data]);

  // a blank form for a new record
  useEffect(() => {
    resetSlots();
    if (id || single) return;
    loaded.current = null;
    form.resetFields();
    snapshot.current = form.getFieldsValue(true);
    markDirty(false);
  }, [id, single, form, resetSlots, markDirty]);

  /** a field's stored value (a translation not sent: blank), else its default */
  function storedValue(stored: Values, name: FieldPath): unknown {
    const v = getPath(stored, name);
    if (v !== undefined && v !== null) return v;
    const field = typeof name === 'string' ? name : name[name.length - 1];
    if (typeof name === 'string') return defaults?.[name] ?? (seo && field === 'noindex' ? 0 : undefined);
    return field === 'noindex' ? 0 : undefined;
  }

  /** the save body: the form's values, with `translations` of each locale whose values changed since the load */
  const bodyOf = (all: Values): Values => {
    const rest = stripped(nestDotted(all));
    if (!translated) return rest;
    const translations = touchedTranslations(resource, localeForm, snapshot.current, nestDotted(all));
    return translations ? { ...rest, translations } : rest;
  };

  /** 复制中文内容: the default locale's values into this locale's empty translatable fields */
  const copyDefault = () => {
    if (active === locales.default) return;
    const fill = copyFill(resource, form.getFieldsValue(true) as Values, active);
    if (!fill.length) {
      message.info(t('locale.nothingToCopy'));
      return;
    }
    form.setFields(fill.map(({ name, value }) => ({ name, value, errors: [] })));
    markDirty(true);
    message.success(t('locale.copied', { count: fill.length }));
  };

  /** the locale and section a field is edited in (a refused save shows it) */
  const reveal = (name: FieldPath) => {
    const path = typeof name === 'string' ? [name] : name;
    const l =
      path[0] === 'translations'
        ? String(path[1])
        : view.translatable.has(String(path[0])) || (seo && (SEO_FIELDS as readonly string[]).includes(String(path[0])))
          ? locales.default
          : null;
    if (translated && l && l !== active) chooseLocale(l);
    const field = String(path[path.length - 1]);
    const section = (SEO_FIELDS as readonly string[]).includes(field)
      ? 'seo'
      : sections.find((s) => s.fields.some((f) => f.name === field))?.key;
    if (section) setOpenSections((open) => (open.includes(section) ? open : [...open, section]));
    setScrollTo(name);
  };
  useEffect(() => {
    if (!scrollTo) return;
    form.scrollToField?.(scrollTo as string | string[], { behavior: 'smooth', block: 'center' });
    setScrollTo(null);
  }, [scrollTo, form]);

  const loading = record.isFetching;
  const missing = record.isError && !record.isFetching;
  const reload = useCallback(() => record.refetch(), [record]);
  const refresh = useCallback(() => {
    keepEdits.current = true;
    return record.refetch();
  }, [record]);

  // pending images are unsaved changes too
  useEffect(() => {
    markDirty(hasPending || changed(names, snapshot.current, form.getFieldsValue(true)));
  }, [hasPending, names, form, markDirty]);

  // the save schema (the contracts chunk, when the description is plain data) loads as the user starts on the form
  useEffect(() => {
    const el = root.current;
    if (!el || resource.save) return;
    const events = ['pointerdown', 'focusin', 'keydown'] as const;
    const start = () => {
      for (const e of events) el.removeEventListener(e, start, true);
      void loadSaveSchema(resource).catch(() => {});
    };
    for (const e of events) el.addEventListener(e, start, true);
    return () => {
      for (const e of events) el.removeEventListener(e, start, true);
    };
  }, [resource]);

  // leaving for real asks (closing the tag, another record in this view, reload); a tab switch keeps the edits
  useUnsavedChanges(dirty, dirtyRef);

  const onSave = async (patch: Values = {}): Promise<boolean> => {
    try {
      await form.validateFields();
    } catch {
      const first = form.getFieldsError().find((f) => f.errors.length)?.name;
      if (first) reveal(first.map(String));
      return false;
    }
    setSaving(true);
    try {
      // the whole store: the validated values alone hold a translation's fields on screen only (its SEO fields while
      // the section is closed are not), and would drop the others from `translations`
      const all = bodyOf(await slots.uploadPending(form.getFieldsValue(true)));
      const body = id || single ? withId({ ...all, ...patch }, loaded.current?.id ?? id) : { ...all, ...patch };
      await save(body);
      await slots.afterSave();
      if (!id && !single) {
        // a new record: back to the list, with a clean form for the next one
        markDirty(false);
        form.resetFields();
        snapshot.current = form.getFieldsValue(true);
        if (listRoute) navigate(listHref(listRoute));
      } else {
        await record.refetch();
      }
      return true;
    } catch {
      // the upload or the request layer told the user why; the form keeps the input
      return false;
    } finally {
      setSaving(false);
    }
  };

  /** cancel: back to the list, or (a single record) the stored values back */
  const onCancel = () => {
    if (listRoute) {
      navigate(listHref(listRoute));
      return;
    }
    resetSlots();
    const stored = loaded.current ?? {};
    form.setFields(names.map((name) => ({ name: name as string | string[], value: storedValue(stored, name), errors: [] })));
    snapshot.current = form.getFieldsValue(true);
    markDirty(false);
  };

  const values = async () => {
    try {
      await form.validateFields();
      return bodyOf(form.getFieldsValue(true) as Values);
    } catch {
      return null;
    }
  };
  const ctx: DetailContext = {
    resource,
    id,
    record: data ?? null,
    form,
    dirty,
    saving,
    busy: saving || loading,
    reload,
    refresh,
    cancel: onCancel,
    maySave,
    values,
    save: onSave,
    locale: active === locales.default ? null : active,
  };
  const title = single ? t(resource.label) : t(id ? 'ui.detail.editTitle' : 'ui.detail.newTitle', { entity: t(resource.label) });

  if (missing) {
    return (
      <Suspense fallback={<Card variant="borderless" className="gk-detail" loading />}>
        <DetailMissing onRetry={() => void reload()} onBack={listRoute ? () => navigate(listHref(listRoute)) : undefined} />
      </Suspense>
    );
  }

  return (
    <div className="gk-detail" data-resource={resource.name} ref={root}>
      <div className="gk-detail-head">
        <Space align="center">
          {listRoute && (
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('ui.detail.backToList')}
              onClick={() => navigate(listHref(listRoute))}
            />
          )}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {dirty && <span className="gk-detail-dirty">{t('ui.detail.unsaved')}</span>}
          {headExtra?.({ id: (loaded.current?.id as string | number | undefined) ?? id, reload: () => void reload(), dirty })}
        </Space>
        {toolbar && <div className="gk-detail-toolbar">{slot(toolbar, ctx)}</div>}
      </div>
      {translated && (
        <LocaleBar
          locales={locales}
          active={active}
          onChange={chooseLocale}
          record={data ?? null}
          label={view.label}
          onCopy={copyDefault}
          disabled={loading}
        />
      )}
      <Spin spinning={loading}>
        <ImageSlotsProvider value={slots}>
          <LocaleViewContext.Provider value={translated ? view : null}>
            <ContentHitsContext.Provider value={contentHits}>
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
                  activeKey={openSections}
                  onChange={(keys) => setOpenSections(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
                  items={[
                    ...sections.map((s) => ({
                      key: s.key,
                      label: (
                        <>
                          {t(s.title)}
                          {active !== locales.default && s.fields.some((f) => f.hideLabel && view.translatable.has(f.name)) && (
                            <LocaleTag>{view.label(active)}</LocaleTag>
                          )}
                        </>
                      ),
                      forceRender: true,
                      children: <FormFields resource={resource} fields={s.fields} columns={s.columns ?? 2} />,
                    })),
                    ...(seo
                      ? [
                          {
                            key: 'seo',
                            label: (
                              <>
                                {t('seo.ui.section')}
                                {active !== locales.default && <LocaleTag>{view.label(active)}</LocaleTag>}
                              </>
                            ),
                            forceRender: true,
                            children: seoShown && (
                              <Suspense fallback={<Spin />}>
                                <SeoSection resource={resource} view={view} />
                              </Suspense>
                            ),
                          },
                        ]
                      : []),
                  ]}
                />
              </Form>
            </ContentHitsContext.Provider>
          </LocaleViewContext.Provider>
        </ImageSlotsProvider>
      </Spin>
      {isContentChecked(resource) && maySave && (
        <Suspense fallback={null}>
          <ContentCheckPanel resource={resource} form={form} onHits={setContentHits} />
        </Suspense>
      )}
      {actions ? (
        <div className="gk-detail-actions">{actions(ctx)}</div>
      ) : (
        <div className="gk-detail-actions">
          <Space>
            <Button onClick={onCancel} disabled={!listRoute && !dirty}>
              {listRoute ? t('ui.cancel') : t('ui.detail.discard')}
            </Button>
            <Tooltip title={savePath && !maySave ? t('ui.noSavePermission') : undefined}>
              {/* a disabled button gets no pointer events: the tooltip listens on its wrapper */}
              <span className="gk-tooltip-wrap">
                <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={loading || !maySave} onClick={() => onSave()}>
                  {t('ui.save')}
                </Button>
              </span>
            </Tooltip>
            {extraActions && slot(extraActions, ctx)}
          </Space>
        </div>
      )}
    </div>
  );
}
