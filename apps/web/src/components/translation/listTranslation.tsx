import { type ListResource, localeLabel, TRANSLATION_STATUSES } from '@gk/contracts/list';
import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { SearchFieldConfig } from '../list/SearchForm';
import { type ContentLocales, STATUS_COLOR, showsTranslations, statusOf } from './locales';

/**
 * A translatable resource's list (issue 24): a 翻译 column (a tag per locale other than the default: 已翻译 green,
 * 未翻译 grey, 待更新 orange, from the row's `translationStatus`) and two search fields, 译文语言 (only when there
 * is more than one locale to translate into; else the server takes that one) and 译文状态, sent as the list body's
 * `translationLocale` / `translationStatus` and kept in the URL like every filter. Added by ListPage to every list
 * of a translatable resource, the ones built from descriptions and the screens of their own alike.
 */
export const TRANSLATION_LOCALE = 'translationLocale';
export const TRANSLATION_STATUS = 'translationStatus';

type Row = Record<string, unknown>;

/** the search fields a translatable resource's list adds (none without translations) */
export function translationSearch(resource: ListResource, locales: ContentLocales, uiLang: string): SearchFieldConfig[] {
  if (!showsTranslations(resource, locales)) return [];
  const out: SearchFieldConfig[] = [];
  if (locales.others.length > 1)
    out.push({
      name: TRANSLATION_LOCALE,
      label: 'translation.list.locale',
      widget: 'select',
      options: locales.others.map((l) => ({ value: l, label: localeLabel(l, uiLang) })),
      placeholder: localeLabel(locales.others[0], uiLang),
    });
  out.push({
    name: TRANSLATION_STATUS,
    label: 'translation.list.status',
    widget: 'select',
    all: true,
    options: TRANSLATION_STATUSES.map((s) => ({ value: s, label: `translation.${s}` })),
  });
  return out;
}

/** a screen's search fields with the translation ones after them (the same array when there are none) */
export function withTranslationSearch(
  resource: ListResource,
  search: SearchFieldConfig[],
  locales: ContentLocales,
  uiLang: string,
): SearchFieldConfig[] {
  const more = translationSearch(resource, locales, uiLang).filter((m) => !search.some((s) => s.name === m.name));
  return more.length ? [...search, ...more] : search;
}

/** the 翻译 column */
export function translationColumn(locales: ContentLocales, uiLang: string, t: (key: string) => string): ColumnType<Row> {
  const many = locales.others.length > 1;
  return {
    key: '__translation',
    title: t('translation.list.column'),
    width: Math.min(400, many ? 150 * locales.others.length : 100),
    render: (_v, row) => {
      const tags = locales.others.flatMap((l) => {
        const status = statusOf(row, l);
        if (!status) return [];
        return [
          <Tag key={l} color={STATUS_COLOR[status]} data-locale={l} data-status={status} title={localeLabel(l, uiLang)}>
            {many ? `${localeLabel(l, uiLang)} ` : ''}
            {t(`translation.${status}`)}
          </Tag>,
        ];
      });
      return tags.length ? (
        <Space size={4} wrap className="gk-translation-tags">
          {tags}
        </Space>
      ) : (
        <span className="gk-cell-empty">—</span>
      );
    },
  };
}
