import { TranslationOutlined } from '@ant-design/icons';
import { LANGS, type Lang } from '@gk/contracts/i18n';
import { Dropdown } from 'antd';
import { useTranslation } from '../lib/i18n';
import { useApp } from '../stores/app';

/** Language names are written in their own language. */
export const LANG_LABEL: Record<Lang, string> = { zh: '简体中文', en: 'English', es: 'Español' };

export function LangSwitch({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const setLang = useApp((s) => s.setLang);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((l) => ({ key: l, label: <span data-lang={l}>{LANG_LABEL[l]}</span> })),
        onClick: ({ key }) => setLang(key as Lang),
      }}
    >
      <button type="button" className={className ?? 'gk-icon-btn'} aria-label={t('shell.language')} data-testid="lang-switch">
        <TranslationOutlined />
        {showLabel && <span className="gk-lang-label">{LANG_LABEL[lang]}</span>}
      </button>
    </Dropdown>
  );
}
