import { localeFields, translatableFields } from '@gk/contracts/form';
import { type ListResource, localeLabel } from '@gk/contracts/list';
import { useCallback, useMemo, useState } from 'react';
import { currentLang } from '../../lib/i18n';
import { type ContentLocales, type FieldPath, getPath, isBlank, localePath, showsTranslations, useContentLocales } from './locales';
import type { LocaleView } from './localeView';

/**
 * What a form editing a translatable record shares, whether it is a detail page or a dialog (issue 24): the locale
 * being edited and the ones shown so far (the LocaleView FormFields reads), which values changed since the record
 * was loaded, the `translations` of a save body, and what 复制中文内容 fills.
 */
type Values = Record<string, unknown>;

const norm = (v: unknown) => (v === undefined || v === null || v === '' ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Whether the form's fields differ from the snapshot (empty, null and missing count as the same). */
export function changed(fields: readonly FieldPath[], snapshot: Values, current: Values): boolean {
  return fields.some((f) => norm(getPath(snapshot, f)) !== norm(getPath(current, f)));
}

/** What the get (or a list row) answers that a save does not take back (the translations go as the form builds them). */
export const stripped = ({ translations: _t, translationStatus: _s, ...rest }: Values): Values => rest;

export interface LocaleForm {
  locales: ContentLocales;
  /** the resource is translatable and there is more than one locale: the switcher shows */
  translated: boolean;
  /** the locale being edited */
  active: string;
  chooseLocale: (locale: string) => void;
  view: LocaleView;
  /** a locale's values in the form (its translatable and SEO fields) */
  localePaths: (locale: string) => FieldPath[];
}

/** the locale switcher's state of a form editing one record of `resource` */
export function useLocaleForm(resource: ListResource): LocaleForm {
  const locales = useContentLocales();
  const translated = showsTranslations(resource, locales);
  const [locale, setLocale] = useState(locales.default);
  const [mounted, setMounted] = useState<string[]>([locales.default]);
  const active = translated && locales.all.includes(locale) ? locale : locales.default;
  const chooseLocale = useCallback((l: string) => {
    setLocale(l);
    setMounted((m) => (m.includes(l) ? m : [...m, l]));
  }, []);
  const uiLang = currentLang();
  const view = useMemo<LocaleView>(
    () => ({
      defaultLocale: locales.default,
      active,
      mounted: translated ? [...new Set([locales.default, ...mounted])].filter((l) => locales.all.includes(l)) : [locales.default],
      translatable: new Set(translated ? translatableFields(resource) : []),
      label: (l) => localeLabel(l, uiLang),
    }),
    [locales, active, mounted, translated, resource, uiLang],
  );
  const localePaths = useCallback(
    (l: string): FieldPath[] => localeFields(resource).map((f) => localePath(l, f, locales.default)),
    [resource, locales.default],
  );
  return { locales, translated, active, chooseLocale, view, localePaths };
}

/**
 * The `translations` of a save body: every locale but the default whose values differ from the snapshot, each with
 * all its fields (a locale object replaces that locale's values on the server; a locale left out stays as stored).
 * Null when no translation changed.
 */
export function touchedTranslations(
  resource: ListResource,
  lf: LocaleForm,
  snapshot: Values,
  values: Values,
): Record<string, Values> | null {
  const touched = lf.locales.others.filter((l) => changed(lf.localePaths(l), snapshot, values));
  if (!touched.length) return null;
  return Object.fromEntries(
    touched.map((l) => [
      l,
      Object.fromEntries(
        localeFields(resource).map((f) => {
          const v = getPath(values, ['translations', l, f]);
          return [f, v ?? (f === 'noindex' ? 0 : '')];
        }),
      ),
    ]),
  );
}

/** 复制中文内容: the default locale's non-empty translatable values for this locale's empty fields */
export function copyFill(resource: ListResource, values: Values, locale: string): { name: string[]; value: unknown }[] {
  return translatableFields(resource)
    .map((f) => ({ value: getPath(values, f), name: ['translations', locale, f] }))
    .filter(({ value, name }) => !isBlank(value) && isBlank(getPath(values, name)));
}
