import { SEO_DESCRIPTION_SHOWN, SEO_TITLE_SHOWN, type SeoField, SLUG_MAX, seoSave, slugSource, translatableFields } from '@gk/contracts';
import type { ListResource } from '@gk/contracts/list';
import { Col, Form, type FormInstance, type FormRule, Input, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { tr, useTranslation } from '../../lib/i18n';
import { FlagSwitch, LocaleTag } from '../form/FormFields';
import { ImageSlot } from '../image/ImageSlot';
import { type FieldPath, localePath, slotKey } from './locales';
import type { LocaleView } from './localeView';

/**
 * The SEO section of a detail page (issue 24, for a resource with `hasSeo`): 链接别名, SEO 标题, SEO 描述, 关键词,
 * 分享图片, 规范链接, 禁止搜索引擎收录, per locale (the default's at the top level of the record, a translation's in
 * `translations[locale]`), and a search-result preview of the locale being edited: the title cut at 60 characters,
 * the description at 160, with live counts that turn red past the limit; a blank SEO title or description shows the
 * title or summary instead, as the delivery API serves them.
 */
type Issue = z.core.$ZodIssue & { params?: Record<string, string | number> };

/** the rule of an SEO field: its save rule from the contracts (the server's message) */
function seoRule(field: SeoField): FormRule {
  return {
    validator: async (_r, value) => {
      const res = (seoSave[field] as z.ZodType).safeParse(value === undefined ? null : value);
      if (res.success) return;
      const issue = res.error.issues[0] as Issue;
      throw new Error(tr(issue.message, issue.params));
    },
  };
}

/** code points, as a reader counts characters (an emoji or a rare CJK character is one) */
export const charCount = (s: string) => [...s].length;
const cut = (s: string, max: number) => (charCount(s) > max ? `${[...s].slice(0, max).join('')}…` : s);
const text = (v: unknown) => (v == null ? '' : String(v).trim());

export interface SnippetInput {
  metaTitle?: unknown;
  metaDescription?: unknown;
  /** the title and summary in the locale, then in the default locale (what the delivery falls back to) */
  titles: unknown[];
  summaries: unknown[];
}

/** what a search result shows: the SEO title or the title, the SEO description or the summary */
export function seoSnippet({ metaTitle, metaDescription, titles, summaries }: SnippetInput) {
  const title = text(metaTitle) || titles.map(text).find(Boolean) || '';
  const description = text(metaDescription) || summaries.map(text).find(Boolean) || '';
  return { title, description, titleCount: charCount(title), descriptionCount: charCount(description) };
}

function Count({ label, count, max }: { label: string; count: number; max: number }) {
  const { t } = useTranslation();
  const over = count > max;
  return (
    <Typography.Text type={over ? 'danger' : 'secondary'} data-testid="seo-count" data-over={over ? 'true' : 'false'}>
      {t(label, { count, max })}
    </Typography.Text>
  );
}

/** a field's value, live; before the watch's first effect (it answers undefined) the store's, so no empty first frame */
function useValue(form: FormInstance, name: string | string[]): unknown {
  const v = Form.useWatch(name, { form, preserve: true });
  return v === undefined ? form.getFieldValue(name) : v;
}

/** the search-result preview of one locale */
export function SeoPreview({ resource, locale, defaultLocale }: { resource: ListResource; locale: string; defaultLocale: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const at = (field: string) => localePath(locale, field, defaultLocale) as string | string[];
  const titleField = slugSource(resource);
  const summaryField =
    translatableFields(resource).includes('summary') || resource.fields.some((f) => f.name === 'summary') ? 'summary' : null;
  const metaTitle = useValue(form, at('metaTitle'));
  const metaDescription = useValue(form, at('metaDescription'));
  const slug = useValue(form, at('slug')) as string | undefined;
  const canonical = useValue(form, at('canonicalUrl')) as string | undefined;
  const noindex = useValue(form, at('noindex'));
  const title = useValue(form, at(titleField));
  const baseTitle = useValue(form, titleField);
  const summary = useValue(form, summaryField ? at(summaryField) : '__noSummary');
  const baseSummary = useValue(form, summaryField ?? '__noSummary');
  const s = seoSnippet({ metaTitle, metaDescription, titles: [title, baseTitle], summaries: [summary, baseSummary] });
  const url = text(canonical) || `… › ${text(slug) || t('seo.ui.autoSlug')}`;
  return (
    <div className="gk-seo-preview" data-testid="seo-preview" data-locale={locale}>
      <Typography.Text type="secondary" className="gk-seo-preview-label">
        {t('seo.ui.preview')}
        {Number(noindex) === 1 && (
          <Tag color="warning" style={{ marginInlineStart: 8 }}>
            {t('seo.ui.noindex')}
          </Tag>
        )}
      </Typography.Text>
      <div className="gk-seo-card">
        <div className="gk-seo-url">{url}</div>
        <div className="gk-seo-title" data-testid="seo-preview-title">
          {cut(s.title, SEO_TITLE_SHOWN)}
        </div>
        <div className="gk-seo-description" data-testid="seo-preview-description">
          {cut(s.description, SEO_DESCRIPTION_SHOWN)}
        </div>
      </div>
      <div className="gk-seo-counts">
        <Count label="seo.ui.titleCount" count={s.titleCount} max={SEO_TITLE_SHOWN} />
        <Count label="seo.ui.descriptionCount" count={s.descriptionCount} max={SEO_DESCRIPTION_SHOWN} />
      </div>
      <Typography.Paragraph type="secondary" className="gk-seo-hint">
        {t('seo.ui.previewHint')}
      </Typography.Paragraph>
    </div>
  );
}

/** the SEO fields of one locale */
function SeoFields({ locale, view }: { locale: string; view: LocaleView }) {
  const { t } = useTranslation();
  const translation = locale !== view.defaultLocale;
  const at = (f: SeoField): FieldPath => localePath(locale, f, view.defaultLocale);
  const item = (f: SeoField, control: ReactNode, full = false) => {
    const label = t(`seo.f.${f}`);
    return (
      <Col key={f} xs={24} lg={full ? 24 : 12}>
        <Form.Item
          name={at(f) as string | string[]}
          label={
            translation ? (
              <>
                {label}
                <LocaleTag>{view.label(locale)}</LocaleTag>
              </>
            ) : (
              label
            )
          }
          rules={[seoRule(f)]}
          validateTrigger={f === 'noindex' ? 'onChange' : 'onBlur'}
        >
          {control}
        </Form.Item>
      </Col>
    );
  };
  return (
    <Row gutter={24} className="gk-seo-fields">
      {item('slug', <Input placeholder={t('seo.ui.slugPlaceholder')} maxLength={SLUG_MAX} allowClear />)}
      {item('metaTitle', <Input maxLength={200} allowClear />)}
      {item('metaDescription', <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />, true)}
      {item('keywords', <Input placeholder={t('seo.ui.keywordsPlaceholder')} maxLength={500} allowClear />)}
      {item('canonicalUrl', <Input placeholder="https://… | /news/…" maxLength={500} allowClear />)}
      {item('noindex', <FlagSwitch />)}
      {item('ogImage', <ImageSlot field={slotKey(at('ogImage'))} label={t('seo.f.ogImage')} />, true)}
    </Row>
  );
}

/** every mounted locale's SEO fields (the inactive ones hidden, their values kept) and the active one's preview */
export function SeoSection({ resource, view }: { resource: ListResource; view: LocaleView }) {
  return (
    <div className="gk-seo" data-locale={view.active}>
      {view.mounted.map((l) => (
        <div key={l} style={l === view.active ? undefined : { display: 'none' }} data-seo-locale={l}>
          <SeoFields locale={l} view={view} />
        </div>
      ))}
      <SeoPreview key={view.active} resource={resource} locale={view.active} defaultLocale={view.defaultLocale} />
    </div>
  );
}
