import { LANGS, type Lang } from '@gk/contracts/i18n';
import { useTranslation } from '../lib/i18n';
import { useApp } from '../stores/app';

const SHORT: Record<Lang, string> = { zh: '中文', en: 'EN', es: 'ES' };
const FULL: Record<Lang, string> = { zh: '简体中文', en: 'English', es: 'Español' };

/** A light language switch for the login page (no dropdown code on the login chunk). */
export function LangButtons() {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const setLang = useApp((s) => s.setLang);
  return (
    <fieldset className="gk-lang-buttons" aria-label={t('shell.language')} data-testid="lang-switch">
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          title={FULL[l]}
          aria-pressed={lang === l}
          className={lang === l ? 'is-on' : undefined}
          onClick={() => setLang(l)}
          data-lang={l}
        >
          {SHORT[l]}
        </button>
      ))}
    </fieldset>
  );
}
