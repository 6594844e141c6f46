import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from '../../lib/i18n';
import { type ContentLocales, STATUS_COLOR, statusOf } from './locales';

export interface LocaleBarProps {
  locales: ContentLocales;
  active: string;
  onChange: (locale: string) => void;
  /** the stored record (its `translationStatus`); null for a new one */
  record: Record<string, unknown> | null;
  label: (locale: string) => string;
  /** 复制中文内容 */
  onCopy: () => void;
  disabled?: boolean;
  /** more classes (a dialog's bar has no card of its own) */
  className?: string;
}

/**
 * The locale switcher of a detail page or a dialog (issue 24): 中文 | English, each translation's status beside it (已翻译 / 未翻译 /
 * 待更新, as last saved), and on a translation 复制中文内容 with a line saying what the page edits now.
 */
export function LocaleBar({ locales, active, onChange, record, label, onCopy, disabled, className }: LocaleBarProps) {
  const { t } = useTranslation();
  const translation = active !== locales.default;
  const fallback = label(locales.default);
  return (
    <div className={className ? `gk-detail-locale ${className}` : 'gk-detail-locale'} data-locale={active}>
      <Space wrap size={[12, 8]}>
        <Segmented
          aria-label={t('locale.switcher')}
          value={active}
          onChange={(v) => onChange(String(v))}
          options={locales.all.map((l) => ({ value: l, label: label(l) }))}
        />
        {locales.others.map((l) => {
          const status = statusOf(record, l) ?? 'missing';
          return (
            <Tag key={l} color={STATUS_COLOR[status]} data-testid="locale-status" data-locale={l} data-status={status}>
              {t('locale.statusOf', { locale: label(l), status: t(`translation.${status}`) })}
            </Tag>
          );
        })}
        {translation && (
          <Tooltip title={t('locale.copyTip', { locale: fallback })}>
            <Button icon={<CopyOutlined />} onClick={onCopy} disabled={disabled}>
              {t('locale.copyFrom', { locale: fallback })}
            </Button>
          </Tooltip>
        )}
      </Space>
      {translation && (
        <Alert
          className="gk-detail-locale-note"
          type="info"
          showIcon
          title={t('locale.editing', { locale: label(active), fallback })}
          style={{ marginTop: 8 }}
        />
      )}
    </div>
  );
}
