import { createContext, useContext } from 'react';

/**
 * What a detail page's form shows of its locales (issue 24), for FormFields: the translatable fields get one item
 * per locale the page has shown (the inactive ones hidden, so their values and editors stay), labelled with the
 * locale; on a locale other than the default the other fields are read-only (此字段不分语言).
 */
export interface LocaleView {
  defaultLocale: string;
  /** the locale being edited */
  active: string;
  /** the locales whose items are mounted (the default and every one switched to) */
  mounted: readonly string[];
  /** the fields each locale has its own value of */
  translatable: ReadonlySet<string>;
  /** a locale's name in the interface (中文, English) */
  label: (locale: string) => string;
}

export const LocaleViewContext = createContext<LocaleView | null>(null);

export const useLocaleView = () => useContext(LocaleViewContext);
